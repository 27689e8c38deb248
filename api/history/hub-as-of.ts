import type { Pool } from 'pg';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { reservationStreamId } from '../../domain/reservations/reservation-events.js';
import { asUuid } from '../../projections/history/history-kinds.js';
import { hubReservationsAt } from '../../projections/history/queries.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { AsOf } from './as-of-fold.js';
import { hubAt, reservationAt, snapshotAt } from './as-of-fold.js';
import { REMOVED_USER } from './history-entry.js';

// GET /api/hubs/{id}/as-of: the Hub stream and the streams of the reservations that touched its
// lockers, each folded up to the instant. Which reservations: the locker history's own memory of
// each reservation's Hub and window (made at or before the instant, not over by then).

const READS_AT_ONCE = 8;

async function mapLimited<T, R>(items: readonly T[], limit: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await f(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export async function hubAsOf(db: Pool, store: EventStore, hubId: string, at: Date): Promise<AsOf> {
  const atMs = at.getTime();
  const hub = hubAt(await store.readStream(hubStreamId(hubId)), atMs);
  if (hub.status !== 'registered') return snapshotAt(hub, [], atMs, () => REMOVED_USER);
  const ids = await hubReservationsAt(db, hubId, at);
  const streams = await mapLimited(ids, READS_AT_ONCE, (id) => store.readStream(reservationStreamId(id)));
  const reservations = streams.map((events) => reservationAt(events, atMs)).filter((r) => r !== null);
  const userIds = [...new Set(reservations.map((r) => asUuid(r.userId)).filter((id) => id !== null))];
  const names = new Map<string, string>();
  if (userIds.length) {
    const found = await db.query<{ id: string; name: string }>('SELECT id, name FROM users WHERE id = ANY($1::uuid[])', [userIds]);
    for (const user of found.rows) names.set(user.id, user.name);
  }
  // A partner's end customer has no account: its booking names it (issue 27).
  const customers = new Map<string, string>();
  for (const events of streams) {
    const created = events[0]?.type === 'ReservationCreated' ? (events[0].data as { userId: string; customer?: { name: string } }) : null;
    if (created?.customer) customers.set(created.userId, created.customer.name);
  }
  return snapshotAt(hub, reservations, atMs, (userId) => names.get(userId) ?? customers.get(userId) ?? REMOVED_USER);
}
