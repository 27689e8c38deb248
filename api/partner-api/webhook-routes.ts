import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CommandContext } from '../../commands/command-handler.js';
import type { CommandDeps } from '../../commands/deps.js';
import {
  changePartnerWebhook,
  createPartnerWebhook,
  deletePartnerWebhook,
  listPartnerWebhookDeliveries,
  listPartnerWebhooks,
  replayPartnerWebhookDelivery,
  rotatePartnerWebhookSecret,
} from '../../contract/partner-api/webhook-endpoints.js';
import { PARTNER_API_ACTOR_ROLE } from '../../domain/partners/partner-events.js';
import { webhooksLiveOnly } from '../../contract/partner-api/partner-api-sandbox.js';
import { route } from '../contract/route.js';
import { ApiError } from '../http/errors.js';
import { idempotencyKeyOf, webhookService } from '../webhooks/webhook-service.js';
import type { PartnerGate } from './partner-gate.js';
import type { PartnerCaller } from './partner-by-token.js';

// The partner's own webhooks through the partner API (contract/partner-api/webhook-endpoints.ts):
// the token says whose; another partner's endpoint is simply not found. Registered by
// partnerApiRoutes behind the same gate as the reservations (token, API access, per-token rate
// limit, and the Idempotency-Key every write needs).

const partnerContext = (request: FastifyRequest, partner: PartnerCaller, now: Date): CommandContext => ({
  actor: { id: partner.id, role: PARTNER_API_ACTOR_ROLE },
  correlationId: request.id,
  causationId: null,
  now,
});

export function partnerWebhookRoutes(app: FastifyInstance, deps: CommandDeps, gate: PartnerGate): void {
  const service = webhookService(deps);
  /** The sandbox never changes or reads where real events go. */
  const live = (partner: PartnerCaller) => {
    if (partner.mode !== 'live') throw new ApiError(403, webhooksLiveOnly.code, webhooksLiveOnly.message);
    return partner;
  };
  const who = (request: FastifyRequest, partner: PartnerCaller) => ({
    partner,
    by: { kind: 'partner' as const, id: partner.id },
    ctx: partnerContext(request, partner, deps.clock()),
  });
  /** A write through the gate; null when the kept answer of an earlier try was sent. */
  const writer = async (request: FastifyRequest, reply: FastifyReply) => {
    const partner = await gate.write(request, reply);
    return partner && who(request, live(partner));
  };

  route(app, createPartnerWebhook, async (request, reply, input) => {
    const w = await writer(request, reply);
    if (!w) return reply;
    const { partner, by, ctx } = w;
    const key = idempotencyKeyOf(request.headers['idempotency-key']);
    const created = await service.register(partner.id, input.body(), by, ctx, key);
    return reply.code(201).send(created);
  });

  route(app, listPartnerWebhooks, async (request) => {
    const partner = live(await gate.read(request));
    return service.list(partner.id);
  });

  route(app, changePartnerWebhook, async (request, reply, input) => {
    const w = await writer(request, reply);
    if (!w) return reply;
    const { partner, by, ctx } = w;
    return service.change(partner.id, input.params().id, input.body(), by, ctx);
  });

  route(app, deletePartnerWebhook, async (request, reply, input) => {
    const w = await writer(request, reply);
    if (!w) return reply;
    const { partner, by, ctx } = w;
    await service.remove(partner.id, input.params().id, by, ctx);
    return reply.code(204).send();
  });

  route(app, rotatePartnerWebhookSecret, async (request, reply, input) => {
    const w = await writer(request, reply);
    if (!w) return reply;
    const { partner, by, ctx } = w;
    return service.rotate(partner.id, input.params().id, by, ctx);
  });

  route(app, listPartnerWebhookDeliveries, async (request, _reply, input) => {
    const partner = live(await gate.read(request));
    return service.deliveries(partner.id, input.params().id);
  });

  route(app, replayPartnerWebhookDelivery, async (request, reply, input) => {
    const w = await writer(request, reply);
    if (!w) return reply;
    const { partner } = w;
    const { id, deliveryId } = input.params();
    return reply.code(202).send(await service.replay(partner.id, id, deliveryId));
  });
}
