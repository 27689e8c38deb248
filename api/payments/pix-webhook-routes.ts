import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { CommandContext } from '../../commands/command-handler.js';
import type { CommandDeps } from '../../commands/deps.js';
import { receivePix } from '../../commands/pix-payments.js';
import { pixWebhook } from '../../contract/payments/pix-webhook-endpoints.js';
import { PixPaymentMessages } from '../../domain/payments/pix-payment.js';
import type { PaymentPort } from '../../infra/payments/port.js';
import { PaymentProviderError } from '../../infra/payments/port.js';
import { route } from '../contract/route.js';
import { ApiError } from '../http/errors.js';
import type { PaymentMail } from './payment-mail.js';

// The PSP's notification of received PIX (ADR 0022). Its values are hints: each PIX is read back
// from the PSP, and only what that reading confirms changes a reservation (commands/pix-payments.ts).

export interface PixWebhookOptions extends CommandDeps {
  payments: PaymentPort;
  /** What x-pix-webhook-secret must be; undefined (simulated provider only): not asked. */
  webhookSecret: string | undefined;
  paymentMail: PaymentMail;
}

const sameSecret = (given: unknown, expected: string) => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const pixWebhookRoutes: FastifyPluginAsync<PixWebhookOptions> = async (app, deps) => {
  route(app, pixWebhook, async (request, _reply, input) => {
    if (deps.webhookSecret !== undefined && !sameSecret(request.headers['x-pix-webhook-secret'], deps.webhookSecret)) {
      throw new ApiError(401, 'unauthorized', PixPaymentMessages.webhookUnauthorized);
    }
    const { pix } = input.body();
    const ctx: CommandContext = { actor: { id: 'psp', role: 'system' }, correlationId: request.id, causationId: null, now: deps.clock() };
    let unreachable = false;
    for (const item of pix) {
      const notified = { txid: item.txid ?? '', e2eid: item.endToEndId };
      try {
        const outcome = await receivePix(deps, notified, ctx);
        if (outcome.verdict.kind === 'not_confirmed')
          request.log.warn({ ...notified, reason: outcome.verdict.reason }, 'PIX notification not confirmed by the PSP; nothing recorded');
        else request.log.info({ ...notified, verdict: outcome.verdict.kind }, 'PIX notification');
        if (outcome.reservationId && outcome.written.length > 0) deps.paymentMail.afterWrite(outcome.reservationId, outcome.written);
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        request.log.warn({ ...notified, err: { message: err.message, status: err.status } }, 'PSP unreachable for a read-back; the PSP will notify again');
        unreachable = true;
      }
    }
    // The PSP notifies again after an error: what was recorded stays, duplicates change nothing.
    if (unreachable) throw new ApiError(503, 'psp_unavailable', PixPaymentMessages.pspUnavailable);
    return { received: pix.length };
  });
};
