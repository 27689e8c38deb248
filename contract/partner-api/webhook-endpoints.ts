import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { idempotencyErrors } from '../shared/idempotency-key.js';
import { webhookExamples } from '../webhooks/webhook-examples.js';
import { deliveryNotFound, invalidWebhookEvents, invalidWebhookUrl, webhookLimit, webhookNotFound } from '../webhooks/webhook-errors.js';
import {
  CreatedWebhook,
  RotatedSecret,
  WebhookBody,
  WebhookChangeBody,
  WebhookDelivery,
  WebhookDeliveryParams,
  WebhookEndpointView,
  WebhookParams,
} from '../webhooks/webhook-schemas.js';
import { idempotencyKeyRequired, partnerCallerErrors, partnerIdempotencyKeyHeader } from './partner-api-errors.js';
import { webhooksLiveOnly } from './partner-api-sandbox.js';

// The partner's webhooks through the partner API (issue 27 item 4; docs/webhooks.md): register an
// HTTPS endpoint (the secret is answered once), list, change events, pause or resume, remove,
// read the delivery log and replay a delivery.

const base = { tag: 'Webhooks', auth: 'partner' } as const;
// Every route passes the partner gate (token, API access, per-token rate limit) and needs the live
// token (a sandbox token never touches real endpoints); every write also needs its Idempotency-Key.
const callerErrors = [...partnerCallerErrors, webhooksLiveOnly];
const write = { headers: partnerIdempotencyKeyHeader } as const;
const writeErrors = [idempotencyKeyRequired, ...idempotencyErrors];

export const createPartnerWebhook = endpoint({
  ...base,
  method: 'POST',
  path: '/api/partner/v1/webhooks',
  summary: 'Registra um webhook; o segredo de assinatura vem só nesta resposta',
  description:
    'Exige Idempotency-Key: uma repetição com a mesma chave, URL e eventos devolve o mesmo webhook (e o mesmo segredo) sem criar outro; a chave com outra URL ou outros eventos é recusada (422).',
  body: WebhookBody,
  ...write,
  responses: { 201: CreatedWebhook },
  errors: [...callerErrors, invalidWebhookUrl, invalidWebhookEvents, webhookLimit, ...writeErrors],
  examples: webhookExamples.create,
});

export const listPartnerWebhooks = endpoint({
  ...base,
  method: 'GET',
  path: '/api/partner/v1/webhooks',
  summary: 'Os webhooks do parceiro (sem o segredo)',
  responses: { 200: z.array(WebhookEndpointView) },
  errors: callerErrors,
  examples: webhookExamples.list,
});

export const changePartnerWebhook = endpoint({
  ...base,
  method: 'PATCH',
  path: '/api/partner/v1/webhooks/{id}',
  summary: 'Altera os eventos de um webhook, pausa (`paused: true`) ou reativa (`paused: false`)',
  params: WebhookParams,
  body: WebhookChangeBody,
  responses: { 200: WebhookEndpointView },
  ...write,
  errors: [...callerErrors, webhookNotFound, invalidWebhookEvents, ...writeErrors],
  examples: webhookExamples.change,
});

export const deletePartnerWebhook = endpoint({
  ...base,
  method: 'DELETE',
  path: '/api/partner/v1/webhooks/{id}',
  summary: 'Remove um webhook; nada mais é enviado a ele',
  params: WebhookParams,
  responses: { 204: null },
  ...write,
  errors: [...callerErrors, webhookNotFound, ...writeErrors],
});

export const rotatePartnerWebhookSecret = endpoint({
  ...base,
  method: 'POST',
  path: '/api/partner/v1/webhooks/{id}/rotate-secret',
  summary: 'Troca o segredo de assinatura (o anterior deixa de assinar na hora); o novo vem só nesta resposta',
  params: WebhookParams,
  responses: { 200: RotatedSecret },
  ...write,
  errors: [...callerErrors, webhookNotFound, ...writeErrors],
  examples: webhookExamples.rotate,
});

export const listPartnerWebhookDeliveries = endpoint({
  ...base,
  method: 'GET',
  path: '/api/partner/v1/webhooks/{id}/deliveries',
  summary: 'As entregas de um webhook, das mais novas às mais antigas, com cada tentativa',
  params: WebhookParams,
  responses: { 200: z.array(WebhookDelivery) },
  errors: [...callerErrors, webhookNotFound],
  examples: webhookExamples.deliveries,
});

export const replayPartnerWebhookDelivery = endpoint({
  ...base,
  method: 'POST',
  path: '/api/partner/v1/webhooks/{id}/deliveries/{deliveryId}/replay',
  summary: 'Reenvia uma entrega: nova série de tentativas, o mesmo id de evento',
  params: WebhookDeliveryParams,
  responses: { 202: WebhookDelivery },
  ...write,
  errors: [...callerErrors, webhookNotFound, deliveryNotFound, ...writeErrors],
  examples: webhookExamples.replay,
});

export const partnerWebhookEndpoints = {
  createPartnerWebhook,
  listPartnerWebhooks,
  changePartnerWebhook,
  deletePartnerWebhook,
  rotatePartnerWebhookSecret,
  listPartnerWebhookDeliveries,
  replayPartnerWebhookDelivery,
};
