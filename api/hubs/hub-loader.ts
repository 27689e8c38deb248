import type { Pool, PoolClient } from 'pg';
import type { LockerSize } from '../../domain/hubs/hub-events.js';
import { withTransaction } from '../../infra/db/pool.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import { START, comparePositions } from '../../infra/eventstore/port.js';
import type { LockerStatus, LockerType } from '../../domain/hubs/hub-events.js';
import type { Hold, LockerState } from './hub-availability.js';
import { holdEndMs } from './hub-availability.js';

// Reads Hubs, their lockers and their open reservations from the read models in one snapshot,
// together with the projection position those rows reflect, so the in-memory copy is always
// tied to a position of the log and never to a guess about time.

export interface HubRow {
  id: string;
  name: string;
  address: string;
  zipcode: string;
  city: string;
  state: string;
  country: string;
  description: string;
  latitude: number;
  longitude: number;
  image_url: string | null;
  secret_key: string;
  private: boolean;
  auto_registration: boolean;
  kind: string;
  hardware: string;
}

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

interface LockerRow {
  id: string;
  hub_id: string;
  order_number: number;
  size: LockerSize;
  type: string;
  price_per_hour_cents: number;
  status: string;
  collect_number: string | null;
}

interface HoldRow {
  id: string;
  locker_id: string;
  start_time: Date;
  end_time: Date;
  status: string;
  payment_due_at: Date | null;
}

const HUB_COLUMNS =
  'id, name, address, zipcode, city, state, country, description, latitude, longitude, image_url, secret_key, private, auto_registration, kind, hardware';
const LOCKER_COLUMNS = 'id, hub_id, order_number, size, type, price_per_hour_cents, status, collect_number';

// Only reservations that hold their locker: pending or active and not yet over (the partial
// index rm_reservations_open), and goods awaiting pickup, over or not, since they stay in the
// locker until collected (rm_reservations_awaiting_pickup_idx), so the past (most of the table
// at city scale) is never read.
const OPEN_HOLDS = `SELECT id, locker_id, start_time, end_time, status, payment_due_at FROM rm_reservations
  WHERE status IN ('pending', 'active') AND end_time > $1
    AND NOT (status = 'pending' AND payment_due_at IS NOT NULL AND payment_due_at <= $1)
  UNION ALL
  SELECT id, locker_id, start_time, end_time, status, payment_due_at FROM rm_reservations
  WHERE status = 'awaiting_pickup'`;

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
    const some = ids !== undefined;
    const hubs = await client.query<HubRow>(`SELECT ${HUB_COLUMNS} FROM rm_hubs${some ? ' WHERE id = ANY($1)' : ''}`, some ? [ids] : []);
    const lockers = await client.query<LockerRow>(
      `SELECT ${LOCKER_COLUMNS} FROM rm_lockers${some ? ' WHERE hub_id = ANY($1)' : ''} ORDER BY hub_id, order_number`,
      some ? [ids] : [],
    );
    const holds = await client.query<HoldRow>(
      some ? `SELECT * FROM (${OPEN_HOLDS}) holds WHERE locker_id IN (SELECT id FROM rm_lockers WHERE hub_id = ANY($2))` : OPEN_HOLDS,
      some ? [now, ids] : [now],
    );
    return { position, hubs: assemble(hubs.rows, lockers.rows, holds.rows) };
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
