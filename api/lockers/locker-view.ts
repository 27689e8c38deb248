import type { Pool } from 'pg';
import type { HubState } from '../../domain/hubs/hub-events.js';
import type { LockerMoves } from '../../commands/hub-locker-commands.js';
import type { LockerState } from '../hubs/hub-availability.js';
import { ALWAYS, availableNow } from '../hubs/hub-availability.js';
import { loadedHubOf } from '../hubs/hub-admin-view.js';
import type { CachedHub } from '../hubs/hub-cache.js';
import type { HubReadModel } from '../hubs/hub-read-model.js';
import type { LockerViewShape } from '../../contract/hubs/hub-schemas.js';
import { notFound } from '../http/errors.js';
import { hubIdOfLocker as hubIdOfLockerRow } from '../../projections/hubs/queries.js';
import type { LockerChangeShape } from '../../contract/lockers/locker-schemas.js';
import { LockerMessages } from '../../contract/lockers/locker-endpoints.js';
import { customerNamesOf } from '../../projections/reservations/queries.js';

// Lockers as the admin API answers them, from the process's in-memory Hubs (or, right after a
// command, from the Hub as the command left it).

export function toLockerView(locker: LockerState, nowMs: number): LockerViewShape {
  return {
    id: locker.id,
    hub_id: locker.hubId,
    order_number: locker.orderNumber,
    size: locker.size,
    type: locker.type,
    price_per_hour: locker.pricePerHourCents / 100,
    status: locker.status,
    collect_number: locker.collectNumber,
    available_now: availableNow(locker, nowMs, ALWAYS()),
  };
}

/** The Hub and the locker with this id among the Hubs this process serves. */
export function findCachedLocker(model: HubReadModel, lockerId: string): { hub: CachedHub; locker: LockerState } | undefined {
  for (const hub of model.cache.all()) {
    const locker = hub.lockers.find((l) => l.id === lockerId);
    if (locker) return { hub, locker };
  }
  return undefined;
}

/** Which Hub a locker is in: from memory, else the read model (a locker another process just installed). */
export async function hubIdOfLocker(model: HubReadModel, db: Pool, lockerId: string): Promise<string> {
  const cached = findCachedLocker(model, lockerId);
  if (cached) return cached.hub.row.id;
  const hubId = await hubIdOfLockerRow(db, lockerId);
  if (!hubId) throw notFound(LockerMessages.notFound);
  return hubId;
}

/** The locker as the command left its Hub, with the reservations this process knows. */
export function lockerAfter(model: HubReadModel, state: HubState, lockerId: string, nowMs: number): LockerViewShape {
  if (state.status !== 'registered') throw notFound(LockerMessages.hubNotFound);
  const locker = loadedHubOf(state, model.cache.get(state.hubId)).lockers.find((l) => l.id === lockerId);
  if (!locker) throw notFound(LockerMessages.notFound);
  return toLockerView(locker, nowMs);
}

/** Its open reservations whose end is ahead, as this process knows them. */
export function knownOpenReservations(model: HubReadModel, lockerId: string, nowMs: number): string[] {
  return (
    findCachedLocker(model, lockerId)
      ?.locker.holds.filter((h) => h.endMs > nowMs)
      .map((h) => h.reservationId) ?? []
  );
}

/** PUT and toggle answers: the locker plus the moves; renters' names are read now (events carry ids). */
export async function lockerChangeOf(db: Pool, locker: LockerViewShape, moves: LockerMoves): Promise<LockerChangeShape> {
  const ids = [...new Set(moves.unmoved.map((u) => u.userId))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const { rows } = await db.query<{ id: string; name: string }>('SELECT id, name FROM users WHERE id = ANY($1::uuid[])', [ids]);
    for (const r of rows) names.set(r.id, r.name);
  }
  // A partner's end customer has no account: its booking names it (issue 27).
  const customers = await customerNamesOf(
    db,
    moves.unmoved.map((u) => u.reservationId),
  );
  return {
    ...locker,
    moved: moves.moved.map((m) => ({
      reservation_id: m.reservationId,
      start_time: m.startTime,
      end_time: m.endTime,
      to_locker_id: m.toLockerId,
      to_order_number: m.toOrderNumber,
    })),
    unmoved: moves.unmoved.map((u) => ({
      reservation_id: u.reservationId,
      start_time: u.startTime,
      end_time: u.endTime,
      user_name: names.get(u.userId) ?? customers.get(u.reservationId) ?? 'Usuário removido',
    })),
  };
}
