import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { CommandDeps } from '../../commands/deps.js';
import {
  changeWebhook,
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  replayWebhookDelivery,
} from '../../contract/webhooks/webhook-endpoints.js';
import { PartnerMessages } from '../../domain/partners/partner-messages.js';
import { isPartnerUser, partnerById } from '../../projections/partners/queries.js';
import { isAdmin, requireUser } from '../auth/guard.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';
import { ApiError, notFound } from '../http/errors.js';
import { webhookService } from './webhook-service.js';

// A partner's webhooks on the dashboard (contract/webhooks/webhook-endpoints.ts): administrators
// and the partner's own users; anyone else 403 (before saying whether the partner exists).

export const webhookRoutes: FastifyPluginAsync<CommandDeps> = async (app, deps) => {
  const service = webhookService(deps);
  const caller = async (request: FastifyRequest, partnerId: string) => {
    const user = requireUser(request);
    if (!isAdmin(user) && !(await isPartnerUser(deps.db, partnerId, user.id))) throw new ApiError(403, 'forbidden', 'Acesso negado');
    if (!(await partnerById(deps.db, partnerId))) throw notFound(PartnerMessages.notFound);
    return { by: { kind: 'user' as const, id: user.id }, ctx: commandContext(request, user, deps.clock()) };
  };

  route(app, listWebhooks, async (request, _reply, input) => {
    const { id } = input.params();
    await caller(request, id);
    return service.list(id);
  });

  route(app, createWebhook, async (request, reply, input) => {
    const { id } = input.params();
    const { by, ctx } = await caller(request, id);
    return reply.code(201).send(await service.register(id, input.body(), by, ctx));
  });

  route(app, changeWebhook, async (request, _reply, input) => {
    const { id, webhookId } = input.params();
    const { by, ctx } = await caller(request, id);
    return service.change(id, webhookId, input.body(), by, ctx);
  });

  route(app, deleteWebhook, async (request, reply, input) => {
    const { id, webhookId } = input.params();
    const { by, ctx } = await caller(request, id);
    await service.remove(id, webhookId, by, ctx);
    return reply.code(204).send();
  });

  route(app, listWebhookDeliveries, async (request, _reply, input) => {
    const { id, webhookId } = input.params();
    await caller(request, id);
    return service.deliveries(id, webhookId);
  });

  route(app, replayWebhookDelivery, async (request, reply, input) => {
    const { id, webhookId, deliveryId } = input.params();
    await caller(request, id);
    return reply.code(202).send(await service.replay(id, webhookId, deliveryId));
  });
};
