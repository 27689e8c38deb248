import type { Pool } from 'pg';

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
  hub_name: string | null;
  hub_address: string | null;
  hub_city: string | null;
  hub_state: string | null;
}

const selectSql = `
  SELECT r.*, h.name AS hub_name, h.address AS hub_address, h.city AS hub_city, h.state AS hub_state
  FROM rm_reservations r LEFT JOIN rm_hubs h ON h.id = r.hub_id`;

export async function findReservation(pool: Pool, id: string): Promise<ReservationRow | null> {
  const { rows } = await pool.query<ReservationRow>(`${selectSql} WHERE r.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function listUserReservations(pool: Pool, userId: string): Promise<ReservationRow[]> {
  const { rows } = await pool.query<ReservationRow>(`${selectSql} WHERE r.user_id = $1 ORDER BY r.start_time DESC`, [userId]);
  return rows;
}

/** The wire shape (spec §3): snake_case fields, price in cents, the Hub and locker embedded. */
export function toReservationResponse(r: ReservationRow) {
  return {
    id: r.id,
    user_id: r.user_id,
    hub_id: r.hub_id,
    locker_id: r.locker_id,
    start_time: r.start_time.toISOString(),
    end_time: r.end_time.toISOString(),
    status: r.status,
    price: r.price_cents,
    price_per_hour: r.price_per_hour_cents / 100,
    payment_method: r.payment_method,
    paid_at: r.paid_at?.toISOString() ?? null,
    code_expires_at: r.code_expires_at?.toISOString() ?? null,
    // Until when an unpaid reservation holds its locker; null when paid or nothing is owed.
    payment_due_at: r.status === 'pending' ? (r.payment_due_at?.toISOString() ?? null) : null,
    created_at: r.created_at.toISOString(),
    hub: { id: r.hub_id, name: r.hub_name, address: r.hub_address, city: r.hub_city, state: r.hub_state },
    locker: { id: r.locker_id, size: r.locker_size, order_number: r.locker_order_number },
  };
}
