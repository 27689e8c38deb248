import type { Pool, PoolClient } from 'pg';
import { withTransaction } from '../../infra/db/pool.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import { START, comparePositions } from '../../infra/eventstore/port.js';
import type { LockerStatus, LockerType } from '../../domain/hubs/hub-events.js';
import type { Hold, LockerState } from './hub-availability.js';
import { holdEndMs } from './hub-availability.js';
import type { HubRow, LockerRow } from '../../projections/hubs/queries.js';
import { readHubRows, readLockerRows } from '../../projections/hubs/queries.js';
import type { HoldRow } from '../../projections/reservations/queries.js';
import { readOpenHolds } from '../../projections/reservations/queries.js';

export type { HubRow };

// Reads Hubs, their lockers and their open reservations from the read models in one snapshot,
// together with the projection position those rows reflect, so the in-memory copy is always
// tied to a position of the log and never to a guess about time.

export interface LoadedHub {
  row: HubRow;
  /** In order_number order, each with the reservations holding it now or later. */
  lockers: LockerState[];
}

export interface HubSnapshot {
  /** Every row read includes the log up to here (the slowest of the projectors read). */
  position: GlobalPosition;
  hubs: LoadedHub[];
}

/**
 * Loads every Hub (ids omitted) or the given ones. Hubs asked for but absent are simply not in
 * the answer: they do not exist at the snapshot's position.
 */
export async function loadHubs(db: Pool, projectorNames: readonly string[], now: Date, ids?: readonly string[]): Promise<HubSnapshot> {
  return withTransaction(db, async (client) => {
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // The checkpoints first: the snapshot is taken by the first statement, so the rows below
    // are exactly what the projectors had committed at these positions.
    const position = await slowestCheckpoint(client, projectorNames);
    const hubs = await readHubRows(client, ids);
    const lockers = await readLockerRows(client, ids);
    const holds = await readOpenHolds(client, now, ids);
    return { position, hubs: assemble(hubs, lockers, holds) };
  });
}

async function slowestCheckpoint(client: PoolClient, names: readonly string[]): Promise<GlobalPosition> {
  const { rows } = await client.query<{ tx: string; seq: string }>('SELECT tx, seq FROM projection_checkpoints WHERE name = ANY($1)', [names]);
  if (rows.length < names.length) return START;
  return rows.map((r) => ({ tx: BigInt(r.tx), seq: BigInt(r.seq) })).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
}

function assemble(hubRows: HubRow[], lockerRows: LockerRow[], holdRows: HoldRow[]): LoadedHub[] {
  const holdsByLocker = new Map<string, Hold[]>();
  for (const r of holdRows) {
    const list = holdsByLocker.get(r.locker_id) ?? [];
    list.push({
      reservationId: r.id,
      startMs: r.start_time.getTime(),
      endMs: holdEndMs(r.status, r.end_time.getTime()),
      payUntilMs: r.status === 'pending' && r.payment_due_at ? r.payment_due_at.getTime() : null,
    });
    holdsByLocker.set(r.locker_id, list);
  }
  const lockersByHub = new Map<string, LockerState[]>();
  for (const l of lockerRows) {
    const list = lockersByHub.get(l.hub_id) ?? [];
    list.push({
      id: l.id,
      hubId: l.hub_id,
      orderNumber: l.order_number,
      size: l.size,
      type: l.type as LockerType,
      pricePerHourCents: l.price_per_hour_cents,
      status: l.status as LockerStatus,
      collectNumber: l.collect_number,
      holds: holdsByLocker.get(l.id) ?? [],
    });
    lockersByHub.set(l.hub_id, list);
  }
  return hubRows.map((row) => ({ row, lockers: lockersByHub.get(row.id) ?? [] }));
}
