import type { FastifyPluginAsync } from 'fastify';
import type { Pool } from 'pg';
import type { ControllerViewData, DoorViewData } from '../../contract/doors/door-status-schemas.js';
import { getHubDoors, listControllers } from '../../contract/doors/door-status-endpoints.js';
import { LogisticsMessages } from '../../contract/logistics/logistics-endpoints.js';
import { controllerStatus } from '../../domain/doors/controller-presence.js';
import { lastHeartbeats } from '../../infra/controller/heartbeats.js';
import { doorStatesOf } from '../../projections/doors/queries.js';
import { route } from '../contract/route.js';
import { notFound } from '../http/errors.js';
import type { HubReadModel } from '../hubs/hub-read-model.js';
import { assertWorksHub, requireStaffReader, staffHubIds } from '../logistics/logistics-access.js';

// What the doors and controllers are doing (issue 29 item 4, docs/door-states.md). Online or
// offline is computed here, on read, from controller_heartbeats and CONTROLLER_OFFLINE_AFTER_MS,
// so every API replica answers the same at the same instant, whether or not the sweep has yet
// recorded the transition; a page that missed a push still shows the truth on its next read.

export interface DoorStatusDeps {
  db: Pool;
  clock: () => Date;
  model: HubReadModel;
  offlineAfterMs: number;
}

export function controllerView(lastSeenAt: Date | null, now: Date, offlineAfterMs: number): ControllerViewData {
  const status = controllerStatus(lastSeenAt, now, offlineAfterMs);
  return {
    status,
    last_seen_at: lastSeenAt?.toISOString() ?? null,
    offline_since: status === 'offline' ? lastSeenAt!.toISOString() : null,
    offline_after_ms: offlineAfterMs,
    checked_at: now.toISOString(),
  };
}

export const doorStatusRoutes: FastifyPluginAsync<DoorStatusDeps> = async (app, deps) => {
  route(app, getHubDoors, async (request, _reply, input) => {
    const user = requireStaffReader(request);
    const hubId = input.params().hubId.toUpperCase();
    await assertWorksHub(deps.db, user, hubId);
    const hub = deps.model.cache.get(hubId);
    if (!hub) throw notFound(LogisticsMessages.hubNotFound);
    const [beats, states] = await Promise.all([lastHeartbeats(deps.db, [hubId]), doorStatesOf(deps.db, [hubId])]);
    const byLocker = new Map(states.map((s) => [s.locker_id, s]));
    // Every door of the Hub in its current order; one that never reported has no state yet.
    const doors: DoorViewData[] = [...hub.lockers]
      .sort((a, b) => a.orderNumber - b.orderNumber)
      .map((locker) => {
        const s = byLocker.get(locker.id);
        return {
          locker_id: locker.id,
          locker_order: locker.orderNumber,
          state: s?.state ?? null,
          since: s?.since.toISOString() ?? null,
          source: s?.source ?? null,
          reservation_id: s?.reservation_id ?? null,
          offline: s?.offline ?? false,
        };
      });
    return { hub_id: hubId, controller: controllerView(beats[0]?.lastSeenAt ?? null, deps.clock(), deps.offlineAfterMs), doors };
  });

  route(app, listControllers, async (request) => {
    const user = requireStaffReader(request);
    const allowed = await staffHubIds(deps.db, user);
    const hubs = deps.model.cache
      .all()
      .filter((h) => !allowed || allowed.includes(h.row.id))
      .sort((a, b) => a.row.id.localeCompare(b.row.id));
    const beats = new Map(
      (
        await lastHeartbeats(
          deps.db,
          hubs.map((h) => h.row.id),
        )
      ).map((b) => [b.hubId, b.lastSeenAt]),
    );
    const now = deps.clock();
    return hubs.map((h) => ({ hub_id: h.row.id, hub_name: h.row.name, ...controllerView(beats.get(h.row.id) ?? null, now, deps.offlineAfterMs) }));
  });
};
