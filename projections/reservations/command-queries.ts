import type { Queryable } from '../../infra/db/queryable.js';

// The commands' hints from rm_reservations. The write side never trusts them: each reservation
// or locker found here is confirmed on its own stream before anything is decided.

/**
 * Which of these lockers have an open reservation overlapping [start, end), among those starting
 * at or after `earliest` (the (locker_id, start_time) index answers with a short range per locker).
 */
export async function lockersTakenBetween(db: Queryable, lockerIds: readonly string[], earliest: Date, window: { start: Date; end: Date }): Promise<string[]> {
  const { rows } = await db.query<{ locker_id: string }>(
    `SELECT DISTINCT locker_id::text AS locker_id FROM rm_reservations
      WHERE locker_id = ANY($1::uuid[]) AND start_time >= $2 AND start_time < $4 AND end_time > $3
        AND status IN ('pending', 'active', 'awaiting_pickup')`,
    [lockerIds, earliest, window.start, window.end],
  );
  return rows.map((r) => r.locker_id);
}

/**
 * What stands in the way of removing a Hub or a locker: its pending or active reservations
 * whose end is still ahead, and goods awaiting pickup (the open ones are indexed).
 */
export async function futureReservationIds(db: Queryable, of: { hubId: string } | { lockerId: string }, now: Date): Promise<string[]> {
  const [column, value] = 'hubId' in of ? ['hub_id', of.hubId] : ['locker_id', of.lockerId];
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM rm_reservations WHERE status IN ('pending', 'active', 'awaiting_pickup') AND end_time > $1 AND ${column} = $2`,
    [now, value],
  );
  return rows.map((r) => r.id);
}

/**
 * Open reservations not over at `now` on these lockers, holding their locker: those of `lockerId`,
 * and those of the others changed since `changedSince`. By start time.
 */
export async function openReservationsOnLockers(
  db: Queryable,
  lockerIds: readonly string[],
  lockerId: string,
  now: Date,
  changedSince: Date,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM rm_reservations
      WHERE locker_id = ANY($1::uuid[]) AND end_time > $2 AND status IN ('pending', 'active')
        AND (status = 'active' OR payment_due_at IS NULL OR payment_due_at > $2)
        AND (locker_id = $3::uuid OR updated_at >= $4)
      ORDER BY start_time, id`,
    [lockerIds, now, lockerId, changedSince],
  );
  return rows.map((r) => r.id);
}

/**
 * The Hub's reservations that may open a door at `now`: paid ones inside their window and every
 * awaiting pickup from its start. Migration 0023.
 */
export async function doorCandidateIds(db: Queryable, hubId: string, now: Date): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM rm_reservations WHERE hub_id = $1 AND status = 'active' AND end_time > $2 AND start_time <= $2
     UNION ALL
     SELECT id FROM rm_reservations WHERE hub_id = $1 AND status = 'awaiting_pickup' AND start_time <= $2`,
    [hubId, now],
  );
  return rows.map((row) => row.id);
}

/**
 * What a Hub's controller may need to open a door between `now` and `until` (its manifest, ADR
 * 0025): paid reservations whose window meets that span and every awaiting pickup.
 */
export async function manifestCandidateIds(db: Queryable, hubId: string, now: Date, until: Date): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM rm_reservations WHERE hub_id = $1 AND status = 'active' AND end_time > $2 AND start_time < $3
     UNION ALL
     SELECT id FROM rm_reservations WHERE hub_id = $1 AND status = 'awaiting_pickup'`,
    [hubId, now, until],
  );
  return rows.map((row) => row.id);
}

/** The reservation that holds a locker at `at` (paid and inside its window, or its goods awaiting pickup), if any. */
export async function reservationHoldingLocker(db: Queryable, lockerId: string, at: Date): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM rm_reservations WHERE locker_id = $1 AND start_time <= $2
       AND ((status IN ('active', 'completed', 'expired') AND end_time > $2) OR status = 'awaiting_pickup')
     ORDER BY start_time DESC LIMIT 1`,
    [lockerId, at],
  );
  return rows[0]?.id ?? null;
}
