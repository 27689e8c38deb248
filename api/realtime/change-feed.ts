import type { Pool } from 'pg';
import type { EventStore, GlobalPosition, StoredEvent, Subscription } from '../../infra/eventstore/port.js';
import { START, comparePositions } from '../../infra/eventstore/port.js';
import { errorReporter } from '../../infra/log/error-reporter.js';
import { waitForProjections } from '../../projections/runner.js';
import type { Realtime } from './socket-gateway.js';

// Each API process follows the event log itself and pushes a change once the read models have
// caught up with it, so a client that refetches on the push sees the change. This works the
// same in one process and across processes, with no extra broker.

export async function startChangeFeed(db: Pool, store: EventStore, realtime: Realtime, projectorNames: string[]): Promise<Subscription> {
  return store.subscribe({
    from: await slowestCheckpoint(db, projectorNames),
    pollIntervalMs: 100,
    handle: async (events) => {
      const last = events[events.length - 1]!;
      await waitForProjections(db, projectorNames, last.position, 5000);
      const { hubIds, reservations } = await touched(db, events);
      for (const hubId of hubIds) realtime.hubChanged(hubId);
      for (const [id, userId] of reservations) realtime.reservationChanged(id, userId);
    },
    onError: errorReporter('[change feed]'),
  });
}

async function slowestCheckpoint(db: Pool, names: string[]): Promise<GlobalPosition> {
  const { rows } = await db.query<{ name: string; tx: string; seq: string }>('SELECT name, tx, seq FROM projection_checkpoints WHERE name = ANY($1)', [names]);
  if (rows.length < names.length) return START;
  return rows.map((r) => ({ tx: BigInt(r.tx), seq: BigInt(r.seq) })).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
}

/** Which Hubs and reservations a batch touched (events name a Hub, a reservation or a locker). */
async function touched(db: Pool, events: StoredEvent[]) {
  const hubIds = new Set<string>();
  const reservationIds = new Set<string>();
  const lockerIds = new Set<string>();
  for (const event of events) {
    const data = event.data as { hubId?: string; reservationId?: string; lockerId?: string };
    if (data.hubId) hubIds.add(data.hubId);
    if (data.reservationId) reservationIds.add(data.reservationId);
    else if (data.lockerId) lockerIds.add(data.lockerId);
  }
  const reservations = new Map<string, string>();
  if (reservationIds.size) {
    const { rows } = await db.query<{ id: string; user_id: string; hub_id: string }>('SELECT id, user_id, hub_id FROM rm_reservations WHERE id = ANY($1)', [[...reservationIds]]);
    for (const r of rows) {
      reservations.set(r.id, r.user_id);
      hubIds.add(r.hub_id);
    }
  }
  if (lockerIds.size) {
    const { rows } = await db.query<{ hub_id: string }>('SELECT DISTINCT hub_id FROM rm_lockers WHERE id = ANY($1)', [[...lockerIds]]);
    for (const r of rows) hubIds.add(r.hub_id);
  }
  return { hubIds, reservations };
}
