import type { Pool } from 'pg';

// What stands in the way of removing a Hub or a locker: its pending or active reservations
// whose end is still ahead. Read from the reservations read model (the open ones are indexed).

export async function futureReservationIds(db: Pool, of: { hubId: string } | { lockerId: string }, now: Date): Promise<string[]> {
  const [column, value] = 'hubId' in of ? ['hub_id', of.hubId] : ['locker_id', of.lockerId];
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM rm_reservations WHERE status IN ('pending', 'active', 'awaiting_pickup') AND end_time > $1 AND ${column} = $2`,
    [now, value],
  );
  return rows.map((r) => r.id);
}
