import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandDeps } from '../../commands/deps.js';
import type { HubCommandResult } from '../../commands/hub-admin-commands.js';
import { changeHubDetails, registerHub, removeHub } from '../../commands/hub-admin-commands.js';
import { requireRole } from '../auth/guard.js';
import { commandContext } from '../http/command-context.js';
import { notFound } from '../http/errors.js';
import { parse } from '../http/validation.js';
import { HubBody, hubChangesOf, hubIdOf, newHubOf } from './hub-admin-input.js';
import { showHubWrite } from './hub-admin-sync.js';
import { adminDetailOf } from './hub-admin-view.js';
import type { HubReadModel } from './hub-read-model.js';
import { HubDetail } from '../../contract/hubs/hub-schemas.js';
import { responseSchema } from '../contract/json-schema.js';

// The dashboard's Hub writes (docs/admin-api.md, "Hubs"): admins only. Each answer, and the
// caller's next read of the Hub, already shows the write (hub-admin-sync.ts).

export interface HubAdminRoutesOptions extends CommandDeps {
  model: HubReadModel;
}

const HubIdParams = z.object({ id: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9-]+$/, 'ID de Hub inválido') });

export const hubAdminRoutes: FastifyPluginAsync<HubAdminRoutesOptions> = async (app, deps) => {
  const detail = { schema: { response: { 200: responseSchema(HubDetail), 201: responseSchema(HubDetail) } } };

  /** The admin detail of the Hub as the command left it, with the reservations this process knows. */
  function answer(result: HubCommandResult, nowMs: number) {
    if (result.state.status !== 'registered') throw notFound('Hub não encontrado');
    return adminDetailOf(result.state, deps.model.cache.get(result.hubId), nowMs);
  }

  app.post('/api/hubs', detail, async (request, reply) => {
    const user = requireRole(request, 'admin');
    const hub = newHubOf(parse(HubBody, request.body ?? {}));
    const ctx = commandContext(request, user, deps.clock());
    const result = await registerHub(deps, hub, ctx);
    await showHubWrite(deps, result);
    reply.status(201);
    return answer(result, ctx.now.getTime());
  });

  app.put('/api/hubs/:id', detail, async (request) => {
    const user = requireRole(request, 'admin');
    const hubId = hubIdOf(parse(HubIdParams, request.params).id);
    const changes = hubChangesOf(parse(HubBody, request.body ?? {}), hubId);
    const ctx = commandContext(request, user, deps.clock());
    const result = await changeHubDetails(deps, hubId, changes, ctx);
    await showHubWrite(deps, result);
    return answer(result, ctx.now.getTime());
  });

  app.delete('/api/hubs/:id', async (request, reply) => {
    const user = requireRole(request, 'admin');
    const hubId = hubIdOf(parse(HubIdParams, request.params).id);
    const ctx = commandContext(request, user, deps.clock());
    // Bookings this process made that the read model may not show yet count too.
    const known = deps.model.cache.get(hubId)?.lockers.flatMap((l) => l.holds.filter((h) => h.endMs > ctx.now.getTime()).map((h) => h.reservationId)) ?? [];
    const result = await removeHub(deps, hubId, ctx, known);
    await showHubWrite(deps, result);
    return reply.status(204).send();
  });
};
