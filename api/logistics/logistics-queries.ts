import type { Pool } from 'pg';

// The logistics reads (docs/logistics-api.md), from the read models. `hubIds` null: every Hub.

const hubFilter = (hubIds: string[] | null, column: string, param: number) => (hubIds ? `AND ${column} = ANY($${param}::text[])` : '');

export interface StaffHub {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  locker_count: number;
  active_count: number;
}

export async function listStaffHubs(db: Pool, hubIds: string[] | null): Promise<StaffHub[]> {
  const { rows } = await db.query<StaffHub>(
    `SELECT h.id, h.name, h.address, h.city, h.state,
            count(l.id)::int AS locker_count, count(l.id) FILTER (WHERE l.status = 'Ativo')::int AS active_count
       FROM rm_hubs h LEFT JOIN rm_lockers l ON l.hub_id = h.id
      WHERE true ${hubFilter(hubIds, 'h.id', 1)}
      GROUP BY h.id ORDER BY h.name, h.id`,
    hubIds ? [hubIds] : [],
  );
  return rows;
}

export async function hubDetail(db: Pool, hubId: string, now: Date) {
  const hub = await db.query<Record<string, unknown>>('SELECT id, name, address, zipcode, city, state, country, description, image_url, kind, hardware FROM rm_hubs WHERE id = $1', [hubId]);
  if (!hub.rows[0]) return null;
  const [lockers, reservations] = await Promise.all([
    db.query<{ lockers: number; active: number }>(
      `SELECT count(*)::int AS lockers, count(*) FILTER (WHERE status = 'Ativo')::int AS active FROM rm_lockers WHERE hub_id = $1`,
      [hubId],
    ),
    // What staff act on: what is under way or waiting now, not the Hub's whole past.
    db.query<{ status: string }>(
      `SELECT r.id, r.locker_id, r.locker_order_number, r.locker_size, r.user_id, u.name AS user_name, r.start_time, r.end_time, r.status,
              r.claimed_by, c.name AS claimed_by_name
         FROM rm_reservations r LEFT JOIN users u ON u.id = r.user_id LEFT JOIN users c ON c.id = r.claimed_by
        WHERE r.hub_id = $1 AND (r.status = 'awaiting_pickup' OR (r.status IN ('pending', 'active') AND r.end_time > $2))
        ORDER BY r.start_time, r.id`,
      [hubId, now],
    ),
  ]);
  const counts = lockers.rows[0] ?? { lockers: 0, active: 0 };
  const rows = reservations.rows;
  return {
    hub: hub.rows[0],
    counters: {
      lockers: counts.lockers,
      active_lockers: counts.active,
      inactive_lockers: counts.lockers - counts.active,
      active_reservations: rows.filter((r) => r.status === 'active').length,
      pending_pickups: rows.filter((r) => r.status === 'awaiting_pickup').length,
    },
    reservations: rows,
  };
}

const collectionColumns = `r.id AS reservation_id, r.hub_id, h.name AS hub_name, r.locker_order_number, r.locker_size, u.name AS user_name,
  r.left_for_pickup_at, r.claimed_by, c.name AS claimed_by_name, r.status`;
const collectionJoins = `FROM rm_reservations r LEFT JOIN rm_hubs h ON h.id = r.hub_id LEFT JOIN users u ON u.id = r.user_id
  LEFT JOIN users c ON c.id = r.claimed_by`;

/** Items left for pickup in the caller's Hubs, oldest first. */
export async function listCollections(db: Pool, hubIds: string[] | null, hubId?: string) {
  const params: unknown[] = [];
  let where = `r.status = 'awaiting_pickup'`;
  if (hubIds) where += ` AND r.hub_id = ANY($${params.push(hubIds)}::text[])`;
  if (hubId) where += ` AND r.hub_id = $${params.push(hubId)}`;
  const { rows } = await db.query(`SELECT ${collectionColumns} ${collectionJoins} WHERE ${where} ORDER BY r.left_for_pickup_at, r.id`, params);
  return rows as CollectionItem[];
}

export interface CollectionItem {
  reservation_id: string;
  hub_id: string;
  hub_name: string | null;
  locker_order_number: number;
  locker_size: string;
  user_name: string | null;
  left_for_pickup_at: Date | null;
  claimed_by: string | null;
  claimed_by_name: string | null;
  status: string;
}

export async function findCollection(db: Pool, reservationId: string): Promise<CollectionItem | null> {
  const { rows } = await db.query(`SELECT ${collectionColumns} ${collectionJoins} WHERE r.id = $1`, [reservationId]);
  return (rows[0] as CollectionItem | undefined) ?? null;
}

export async function userName(db: Pool, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [userId]);
  return rows[0]?.name ?? null;
}

/** The Hub's lockerInterface prefix ("{hardware}:{order}", e.g. LK-31:03). */
export async function hubHardware(db: Pool, hubId: string): Promise<string | null> {
  const { rows } = await db.query<{ hardware: string }>('SELECT hardware FROM rm_hubs WHERE id = $1', [hubId]);
  return rows[0]?.hardware ?? null;
}
