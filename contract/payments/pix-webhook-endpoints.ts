import { z } from 'zod';
import { PixPaymentMessages } from '../../domain/payments/pix-payment.js';
import { endpoint } from '../endpoint.js';
import { pixWebhookExamples } from './pix-webhook-examples.js';

// The PSP's PIX notification (API Pix 2.9, callback `POST {webhookUrl}/pix`, ADR 0022). Registered
// at the PSP as https://<hub>/api/payments/pix/webhook. The PSP calls it over mTLS; the proxy that
// checks its certificate adds the header x-pix-webhook-secret. Hub trusts no notified value: each
// PIX is read back from the PSP (`GET /cob/{txid}`) before a reservation counts as paid.

/** One `pix[]` item of the notification; what else the PSP sends is ignored. */
const NotifiedPix = z.looseObject({
  endToEndId: z.string().min(1).max(64),
  txid: z.string().max(35).optional(),
  valor: z.string().max(20),
  horario: z.string().max(40),
});

export const PixNotification = z.looseObject({ pix: z.array(NotifiedPix).max(100) });

export const PixNotificationAnswer = z.object({
  received: z.number().int().meta({ description: 'PIX notificados nesta chamada.' }),
});

export const pixWebhook = endpoint({
  method: 'POST',
  path: '/api/payments/pix/webhook/pix',
  tag: 'Pagamentos',
  summary: 'Notificação de PIX recebido, enviada pelo PSP (API Pix do Banco Central)',
  description:
    'Chamada pelo PSP por mTLS; o proxy que confere o certificado do PSP acrescenta o cabeçalho x-pix-webhook-secret. Cada PIX é confirmado lendo a cobrança de volta no PSP (GET /cob/{txid}): só um PIX CONCLUIDA, com o txid e o valor exato de uma cobrança do Hub, paga a reserva. Notificações repetidas não mudam nada. Responde 503 quando o PSP não pôde ser consultado, para que ele notifique de novo.',
  auth: 'public',
  headers: { 'x-pix-webhook-secret': { description: 'O segredo PIX_WEBHOOK_SECRET, acrescentado pelo proxy mTLS.', required: true } },
  body: PixNotification,
  responses: { 200: PixNotificationAnswer },
  errors: [
    { status: 401, code: 'unauthorized', message: PixPaymentMessages.webhookUnauthorized },
    { status: 503, code: 'psp_unavailable', message: PixPaymentMessages.pspUnavailable },
  ],
  examples: pixWebhookExamples.pixWebhook,
});

export const paymentEndpoints = { pixWebhook };
