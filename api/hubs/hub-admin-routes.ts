import type { FastifyPluginAsync } from 'fastify';
import type { CommandDeps } from '../../commands/deps.js';
import type { HubCommandResult } from '../../commands/hub-admin-commands.js';
import { changeHubDetails, registerHub, removeHub } from '../../commands/hub-admin-commands.js';
import { createHub, deleteHub, updateHub } from '../../contract/hubs/hub-admin-endpoints.js';
import { hubNotFound } from '../../contract/hubs/hub-endpoints.js';
import { requireRole } from '../auth/guard.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';
import { notFound } from '../http/errors.js';
import { hubChangesOf, hubIdOf, newHubOf } from './hub-admin-input.js';
import { showHubWrite } from './hub-admin-sync.js';
import { adminDetailOf } from './hub-admin-view.js';
import type { HubReadModel } from './hub-read-model.js';

// The dashboard's Hub writes (contract/hubs/hub-admin-endpoints.ts): admins only. Each answer,
// and the caller's next read of the Hub, already shows the write (hub-admin-sync.ts).

export interface HubAdminRoutesOptions extends CommandDeps {
  model: HubReadModel;
}

export const hubAdminRoutes: FastifyPluginAsync<HubAdminRoutesOptions> = async (app, deps) => {
  /** The admin detail of the Hub as the command left it, with the reservations this process knows. */
  function answer(result: HubCommandResult, nowMs: number) {
    if (result.state.status !== 'registered') throw notFound(hubNotFound.message);
    return adminDetailOf(result.state, deps.model.cache.get(result.hubId), nowMs);
  }

  route(app, createHub, async (request, reply, input) => {
    const user = requireRole(request, 'admin');
    const hub = newHubOf(input.body());
    const ctx = commandContext(request, user, deps.clock());
    const result = await registerHub(deps, hub, ctx);
    await showHubWrite(deps, result);
    reply.status(201);
    return answer(result, ctx.now.getTime());
  });

  route(app, updateHub, async (request, _reply, input) => {
    const user = requireRole(request, 'admin');
    const hubId = hubIdOf(input.params().id);
    const changes = hubChangesOf(input.body(), hubId);
    const ctx = commandContext(request, user, deps.clock());
    const result = await changeHubDetails(deps, hubId, changes, ctx);
    await showHubWrite(deps, result);
    return answer(result, ctx.now.getTime());
  });

  route(app, deleteHub, async (request, reply, input) => {
    const user = requireRole(request, 'admin');
    const hubId = hubIdOf(input.params().id);
    const ctx = commandContext(request, user, deps.clock());
    // Bookings this process made that the read model may not show yet count too.
    const known = deps.model.cache.get(hubId)?.lockers.flatMap((l) => l.holds.filter((h) => h.endMs > ctx.now.getTime()).map((h) => h.reservationId)) ?? [];
    const result = await removeHub(deps, hubId, ctx, known);
    await showHubWrite(deps, result);
    return reply.status(204).send();
  });
};
