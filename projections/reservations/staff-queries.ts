import type { Queryable } from '../../infra/db/queryable.js';
import { HUBS_TABLE } from '../hubs/queries.js';

// The logistics staff's reads of rm_reservations (docs/logistics-api.md), with the renter's and
// claimer's names from users (for a partner's end customer, who has no account, the booking's
// name). `hubIds` null: every Hub.

/** What staff act on at a Hub: what is under way or waiting now, not the Hub's whole past. */
export async function staffHubReservations(db: Queryable, hubId: string, now: Date): Promise<{ status: string }[]> {
  const { rows } = await db.query<{ status: string }>(
    `SELECT r.id, r.locker_id, r.locker_order_number, r.locker_size, r.user_id, COALESCE(u.name, r.customer_name) AS user_name, r.start_time, r.end_time, r.status,
            r.claimed_by, c.name AS claimed_by_name
       FROM rm_reservations r LEFT JOIN users u ON u.id = r.user_id LEFT JOIN users c ON c.id = r.claimed_by
      WHERE r.hub_id = $1 AND (r.status = 'awaiting_pickup' OR (r.status IN ('pending', 'active') AND r.end_time > $2))
      ORDER BY r.start_time, r.id`,
    [hubId, now],
  );
  return rows;
}

const collectionColumns = `r.id AS reservation_id, r.hub_id, h.name AS hub_name, r.locker_order_number, r.locker_size, COALESCE(u.name, r.customer_name) AS user_name,
  r.left_for_pickup_at, r.claimed_by, c.name AS claimed_by_name, r.status`;
const collectionJoins = `FROM rm_reservations r LEFT JOIN ${HUBS_TABLE} h ON h.id = r.hub_id LEFT JOIN users u ON u.id = r.user_id
  LEFT JOIN users c ON c.id = r.claimed_by`;

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

/** Items left for pickup in the caller's Hubs, oldest first. */
export async function listCollections(db: Queryable, hubIds: string[] | null, hubId?: string) {
  const params: unknown[] = [];
  let where = `r.status = 'awaiting_pickup'`;
  if (hubIds) where += ` AND r.hub_id = ANY($${params.push(hubIds)}::text[])`;
  if (hubId) where += ` AND r.hub_id = $${params.push(hubId)}`;
  const { rows } = await db.query(`SELECT ${collectionColumns} ${collectionJoins} WHERE ${where} ORDER BY r.left_for_pickup_at, r.id`, params);
  return rows as CollectionItem[];
}

export async function findCollection(db: Queryable, reservationId: string): Promise<CollectionItem | null> {
  const { rows } = await db.query(`SELECT ${collectionColumns} ${collectionJoins} WHERE r.id = $1`, [reservationId]);
  return (rows[0] as CollectionItem | undefined) ?? null;
}
