import type { Queryable } from '../../infra/db/queryable.js';
import { HUBS_TABLE, LOCKERS_TABLE } from '../hubs/queries.js';

// The reservations projector's table (rm_reservations) as the API and workers read it. Only the
// projector and its query modules name it (eslint.config.js, readModelOwners); the commands'
// reads are in command-queries.ts, the logistics staff's in staff-queries.ts.

export const RESERVATIONS_TABLE = 'rm_reservations';

export interface ReservationRow {
  id: string;
  user_id: string;
  hub_id: string;
  locker_id: string;
  locker_size: string;
  locker_order_number: number;
  start_time: Date;
  end_time: Date;
  status: string;
  price_cents: number;
  price_per_hour_cents: number;
  payment_method: string | null;
  paid_at: Date | null;
  code_expires_at: Date | null;
  payment_due_at: Date | null;
  created_at: Date;
  /** The last PIX charge (migration 0036); null before any. */
  pix_txid: string | null;
  pix_brcode: string | null;
  pix_expires_at: Date | null;
  pix_test: boolean | null;
  hub_name: string | null;
  hub_address: string | null;
  hub_city: string | null;
  hub_state: string | null;
  /** The latest refund (issue 28): its amount and 'requested', 'DEVOLVIDO' or 'NAO_REALIZADO'; null when none. */
  refund_cents: number | null;
  refund_status: string | null;
  /** When the renter's code last opened the locker it is on now (migration 0046); null before, and after a move. */
  door_opened_at?: Date | null;
}

const selectSql = `
  SELECT r.*, h.name AS hub_name, h.address AS hub_address, h.city AS hub_city, h.state AS hub_state
  FROM rm_reservations r LEFT JOIN ${HUBS_TABLE} h ON h.id = r.hub_id`;

export async function findReservation(db: Queryable, id: string): Promise<ReservationRow | null> {
  const { rows } = await db.query<ReservationRow>(`${selectSql} WHERE r.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function listUserReservations(db: Queryable, userId: string): Promise<ReservationRow[]> {
  const { rows } = await db.query<ReservationRow>(`${selectSql} WHERE r.user_id = $1 ORDER BY r.start_time DESC`, [userId]);
  return rows;
}

export interface HoldRow {
  id: string;
  locker_id: string;
  start_time: Date;
  end_time: Date;
  status: string;
  payment_due_at: Date | null;
}

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

/** The reservations holding a locker at `now` or later, of every Hub (hubIds omitted) or of the given ones. */
export async function readOpenHolds(db: Queryable, now: Date, hubIds?: readonly string[]): Promise<HoldRow[]> {
  const some = hubIds !== undefined;
  const { rows } = await db.query<HoldRow>(
    some ? `SELECT * FROM (${OPEN_HOLDS}) holds WHERE locker_id IN (SELECT id FROM ${LOCKERS_TABLE} WHERE hub_id = ANY($2))` : OPEN_HOLDS,
    some ? [now, hubIds] : [now],
  );
  return rows;
}

/** Whether the renter has a reservation in one of these statuses. */
export async function hasReservationIn(db: Queryable, userId: string, statuses: readonly string[]): Promise<boolean> {
  const open = await db.query('SELECT 1 FROM rm_reservations WHERE user_id = $1 AND status = ANY($2::text[]) LIMIT 1', [userId, statuses]);
  return Boolean(open.rowCount);
}

/** The renter and Hub of each of these reservations the read model knows. */
export async function reservationOwners(db: Queryable, ids: readonly string[]): Promise<{ id: string; user_id: string; hub_id: string }[]> {
  const { rows } = await db.query<{ id: string; user_id: string; hub_id: string }>('SELECT id, user_id, hub_id FROM rm_reservations WHERE id = ANY($1)', [ids]);
  return rows;
}

/** What the expiry job needs to know when a reservation falls due; undefined before it is projected. */
export async function reservationDue(db: Queryable, id: string): Promise<{ status: string; payment_due_at: Date | null; end_time: Date } | undefined> {
  const { rows } = await db.query<{ status: string; payment_due_at: Date | null; end_time: Date }>(
    'SELECT status, payment_due_at, end_time FROM rm_reservations WHERE id = $1',
    [id],
  );
  return rows[0];
}

// Two conditions, one per partial index (rm_reservations_payment_due, rm_reservations_open); a
// UNION keeps each able to use its own. Keyset on id: the read model lags the expiries we append,
// so re-reading "what is still open" would return the same rows until the projector catches up.
const OVERDUE = `
  SELECT id FROM (
    SELECT id FROM rm_reservations WHERE status = 'pending' AND payment_due_at <= $1 AND id > $2
    UNION
    SELECT id FROM rm_reservations WHERE status IN ('pending', 'active') AND end_time <= $1 AND id > $2
  ) due
  ORDER BY id
  LIMIT $3`;

/** Up to `limit` ids after `after` of reservations unpaid past payment_due_at or open past end_time at `cutoff`. */
export async function overdueReservationIds(db: Queryable, cutoff: Date, after: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(OVERDUE, [cutoff, after, limit]);
  return rows.map((r) => r.id);
}

/** Reservations per status (the city seed's summary). */
export async function reservationsByStatus(db: Queryable): Promise<{ status: string; n: string }[]> {
  const { rows } = await db.query<{ status: string; n: string }>('SELECT status, count(*) AS n FROM rm_reservations GROUP BY status ORDER BY status');
  return rows;
}

/** The names partners' bookings give their end customers (no account, no users row), by reservation id. */
export async function customerNamesOf(db: Queryable, reservationIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (reservationIds.length === 0) return names;
  const { rows } = await db.query<{ id: string; customer_name: string }>(
    'SELECT id, customer_name FROM rm_reservations WHERE id = ANY($1::uuid[]) AND customer_name IS NOT NULL',
    [reservationIds],
  );
  for (const r of rows) names.set(r.id, r.customer_name);
  return names;
}
