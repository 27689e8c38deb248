import type { FastifyPluginAsync } from 'fastify';
import type { CommandDeps } from '../../commands/deps.js';
import { changeLocker, installLocker, removeLocker, toggleLocker } from '../../commands/hub-locker-commands.js';
import { hubFieldsRequired } from '../../contract/hubs/hub-admin-endpoints.js';
import {
  LockerMessages,
  createLocker,
  deleteLocker,
  getLocker,
  listHubLockers,
  toggleLockerStatus,
  updateLocker,
} from '../../contract/lockers/locker-endpoints.js';
import { requireRole } from '../auth/guard.js';
import { assertWorksHub } from '../logistics/logistics-access.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';
import { badRequest, notFound } from '../http/errors.js';
import { hubIdOf } from '../hubs/hub-admin-input.js';
import { showHubWrite } from '../hubs/hub-admin-sync.js';
import type { HubReadModel } from '../hubs/hub-read-model.js';
import { lockerChangesOf, newLockerOf, orderNumberOf } from './locker-schemas.js';
import { findCachedLocker, hubIdOfLocker, knownOpenReservations, lockerAfter, lockerChangeOf, toLockerView } from './locker-view.js';

// The dashboard's locker calls (contract/lockers/locker-endpoints.ts): reads for admins and
// logistics, writes for admins. Reads come from the process's in-memory Hubs; each write's
// answer, and the caller's next read, already show it (hub-admin-sync.ts).

export interface LockerRoutesOptions extends CommandDeps {
  model: HubReadModel;
}

export const lockerRoutes: FastifyPluginAsync<LockerRoutesOptions> = async (app, deps) => {
  const { model } = deps;

  route(app, listHubLockers, async (request, _reply, input) => {
    const user = requireRole(request, 'logistics', 'maintenance');
    const hubId = hubIdOf(input.params().id);
    // Maintenance reads the lockers of its own Hubs only (docs/adr/0020).
    if (user.role === 'maintenance') await assertWorksHub(deps.db, user, hubId);
    const hub = model.cache.get(hubId);
    if (!hub) throw notFound(LockerMessages.hubNotFound);
    const nowMs = deps.clock().getTime();
    return hub.lockers.map((l) => toLockerView(l, nowMs));
  });

  route(app, getLocker, async (request, _reply, input) => {
    const user = requireRole(request, 'logistics', 'maintenance');
    const found = findCachedLocker(model, input.params().id);
    if (!found) throw notFound(LockerMessages.notFound);
    if (user.role === 'maintenance') await assertWorksHub(deps.db, user, found.hub.row.id);
    return toLockerView(found.locker, deps.clock().getTime());
  });

  route(app, createLocker, async (request, reply, input) => {
    const user = requireRole(request, 'admin');
    const body = input.body();
    if (!body.hub_id) throw badRequest(hubFieldsRequired.code, hubFieldsRequired.message);
    const ctx = commandContext(request, user, deps.clock());
    const result = await installLocker(deps, hubIdOf(body.hub_id), newLockerOf(body), ctx);
    await showHubWrite(deps, result);
    reply.status(201);
    return lockerAfter(model, result.state, result.lockerId, ctx.now.getTime());
  });

  route(app, updateLocker, async (request, _reply, input) => {
    const user = requireRole(request, 'admin');
    const lockerId = input.params().id;
    const body = input.body();
    const hubId = await hubIdOfLocker(model, deps.db, lockerId);
    if (body.hub_id && hubIdOf(body.hub_id) !== hubId) throw badRequest('locker_hub_immutable', LockerMessages.hubImmutable);
    // Renumbering happens only on removal; the dialog sends the number back unchanged.
    const order = orderNumberOf(body.order_number);
    const current = findCachedLocker(model, lockerId)?.locker.orderNumber;
    if (order !== undefined && current !== undefined && order !== current) throw badRequest('order_number_immutable', LockerMessages.orderImmutable);
    const ctx = commandContext(request, user, deps.clock());
    const result = await changeLocker(deps, { hubId, lockerId, ...lockerChangesOf(body) }, ctx);
    await showHubWrite(deps, result, result);
    return lockerChangeOf(deps.db, lockerAfter(model, result.state, lockerId, ctx.now.getTime()), result);
  });

  route(app, deleteLocker, async (request, reply, input) => {
    const user = requireRole(request, 'admin');
    const lockerId = input.params().id;
    const hubId = await hubIdOfLocker(model, deps.db, lockerId);
    const ctx = commandContext(request, user, deps.clock());
    const result = await removeLocker(deps, { hubId, lockerId }, ctx, knownOpenReservations(model, lockerId, ctx.now.getTime()));
    await showHubWrite(deps, result);
    return reply.status(204).send();
  });

  route(app, toggleLockerStatus, async (request, _reply, input) => {
    const user = requireRole(request, 'admin');
    const lockerId = input.params().id;
    const hubId = await hubIdOfLocker(model, deps.db, lockerId);
    const ctx = commandContext(request, user, deps.clock());
    const result = await toggleLocker(deps, { hubId, lockerId }, ctx);
    await showHubWrite(deps, result, result);
    return lockerChangeOf(deps.db, lockerAfter(model, result.state, lockerId, ctx.now.getTime()), result);
  });
};
