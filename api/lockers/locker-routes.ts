import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { CommandDeps } from '../../commands/deps.js';
import { changeLocker, installLocker, removeLocker, toggleLocker } from '../../commands/hub-locker-commands.js';
import { requireRole } from '../auth/guard.js';
import { commandContext } from '../http/command-context.js';
import { badRequest, notFound } from '../http/errors.js';
import { parse } from '../http/validation.js';
import { HubFormMessages, hubIdOf } from '../hubs/hub-admin-input.js';
import { showHubWrite } from '../hubs/hub-admin-sync.js';
import type { HubReadModel } from '../hubs/hub-read-model.js';
import { responseSchema } from '../contract/json-schema.js';
import { LockerChangeBody, LockerChangeView, LockerIdParams, LockerList, LockerView, NewLockerBody, lockerChangesOf, newLockerOf, orderNumberOf } from './locker-schemas.js';
import { LockerMessages, findCachedLocker, hubIdOfLocker, knownOpenReservations, lockerAfter, lockerChangeOf, toLockerView } from './locker-view.js';

// The dashboard's locker calls (docs/admin-api.md, "Lockers"): reads for admins and logistics,
// writes for admins. Reads come from the process's in-memory Hubs; each write's answer, and the
// caller's next read, already show it (hub-admin-sync.ts).

export interface LockerRoutesOptions extends CommandDeps {
  model: HubReadModel;
}

const HubIdParams = z.object({ id: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9-]+$/, 'ID de Hub inválido') });

const LockerMessagesPut = {
  hubImmutable: 'O Hub do locker não pode ser alterado.',
  orderImmutable: 'O número do locker não pode ser alterado.',
} as const;

export const lockerRoutes: FastifyPluginAsync<LockerRoutesOptions> = async (app, deps) => {
  const { model } = deps;
  const one = { schema: { response: { 200: responseSchema(LockerView), 201: responseSchema(LockerView) } } };
  const change = { schema: { response: { 200: responseSchema(LockerChangeView) } } };

  app.get('/api/hubs/:id/lockers', { schema: { response: { 200: responseSchema(LockerList) } } }, async (request) => {
    requireRole(request, 'logistics');
    const hub = model.cache.get(hubIdOf(parse(HubIdParams, request.params).id));
    if (!hub) throw notFound(LockerMessages.hubNotFound);
    const nowMs = deps.clock().getTime();
    return hub.lockers.map((l) => toLockerView(l, nowMs));
  });

  app.get('/api/lockers/:id', one, async (request) => {
    requireRole(request, 'logistics');
    const found = findCachedLocker(model, parse(LockerIdParams, request.params).id);
    if (!found) throw notFound(LockerMessages.notFound);
    return toLockerView(found.locker, deps.clock().getTime());
  });

  app.post('/api/lockers', one, async (request, reply) => {
    const user = requireRole(request, 'admin');
    const body = parse(NewLockerBody, request.body ?? {});
    if (!body.hub_id) throw badRequest('validation_failed', HubFormMessages.required);
    const ctx = commandContext(request, user, deps.clock());
    const result = await installLocker(deps, hubIdOf(body.hub_id), newLockerOf(body), ctx);
    await showHubWrite(deps, result);
    reply.status(201);
    return lockerAfter(model, result.state, result.lockerId, ctx.now.getTime());
  });

  app.put('/api/lockers/:id', change, async (request) => {
    const user = requireRole(request, 'admin');
    const lockerId = parse(LockerIdParams, request.params).id;
    const body = parse(LockerChangeBody, request.body ?? {});
    const hubId = await hubIdOfLocker(model, deps.db, lockerId);
    if (body.hub_id && hubIdOf(body.hub_id) !== hubId) throw badRequest('locker_hub_immutable', LockerMessagesPut.hubImmutable);
    // Renumbering happens only on removal; the dialog sends the number back unchanged.
    const order = orderNumberOf(body.order_number);
    const current = findCachedLocker(model, lockerId)?.locker.orderNumber;
    if (order !== undefined && current !== undefined && order !== current) throw badRequest('order_number_immutable', LockerMessagesPut.orderImmutable);
    const ctx = commandContext(request, user, deps.clock());
    const result = await changeLocker(deps, { hubId, lockerId, ...lockerChangesOf(body) }, ctx);
    await showHubWrite(deps, result, result);
    return lockerChangeOf(deps.db, lockerAfter(model, result.state, lockerId, ctx.now.getTime()), result);
  });

  app.delete('/api/lockers/:id', async (request, reply) => {
    const user = requireRole(request, 'admin');
    const lockerId = parse(LockerIdParams, request.params).id;
    const hubId = await hubIdOfLocker(model, deps.db, lockerId);
    const ctx = commandContext(request, user, deps.clock());
    const result = await removeLocker(deps, { hubId, lockerId }, ctx, knownOpenReservations(model, lockerId, ctx.now.getTime()));
    await showHubWrite(deps, result);
    return reply.status(204).send();
  });

  app.post('/api/lockers/:id/toggle-status', change, async (request) => {
    const user = requireRole(request, 'admin');
    const lockerId = parse(LockerIdParams, request.params).id;
    const hubId = await hubIdOfLocker(model, deps.db, lockerId);
    const ctx = commandContext(request, user, deps.clock());
    const result = await toggleLocker(deps, { hubId, lockerId }, ctx);
    await showHubWrite(deps, result, result);
    return lockerChangeOf(deps.db, lockerAfter(model, result.state, lockerId, ctx.now.getTime()), result);
  });
};
