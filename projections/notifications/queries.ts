import type { Queryable } from '../../infra/db/queryable.js';
import { HUBS_TABLE } from '../hubs/queries.js';
import { RESERVATIONS_TABLE } from '../reservations/queries.js';

// The notifications projector's tables as the API and the reminder workers read them, and the
// renter's read flags beside them (notification_reads, written by the API, kept by a rebuild).

export const REMINDERS_TABLE = 'rm_reminders';
export const NOTIFICATIONS_TABLE = 'rm_notifications';
const READS_TABLE = 'notification_reads';

export interface NotificationRow {
  id: string;
  reservation_id: string;
  kind: 'ending_soon' | 'overdue';
  end_at: Date;
  created_at: Date;
  read_at: Date | null;
  hub_name: string | null;
  locker_number: number | null;
}

/** The renter's newest notices, with what their text needs (Hub name, locker number). */
export async function listNotifications(db: Queryable, userId: string, limit: number): Promise<NotificationRow[]> {
  const { rows } = await db.query<NotificationRow>(
    `SELECT n.id, n.reservation_id, n.kind, n.end_at, n.created_at, rd.read_at, h.name AS hub_name, r.locker_order_number AS locker_number
       FROM ${NOTIFICATIONS_TABLE} n
       LEFT JOIN ${READS_TABLE} rd ON rd.notification_id = n.id
       LEFT JOIN ${RESERVATIONS_TABLE} r ON r.id = n.reservation_id
       LEFT JOIN ${HUBS_TABLE} h ON h.id = r.hub_id
      WHERE n.user_id = $1
      ORDER BY n.created_at DESC, n.id DESC
      LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

export async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${NOTIFICATIONS_TABLE} n
      WHERE n.user_id = $1 AND NOT EXISTS (SELECT 1 FROM ${READS_TABLE} rd WHERE rd.notification_id = n.id)`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** Marks the renter's own notices read (all of them when ids is null); returns how many changed. */
export async function markRead(db: Queryable, userId: string, ids: string[] | null, now: Date): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO ${READS_TABLE} (notification_id, user_id, read_at)
     SELECT n.id, n.user_id, $3 FROM ${NOTIFICATIONS_TABLE} n
      WHERE n.user_id = $1 AND ($2::uuid[] IS NULL OR n.id = ANY($2::uuid[]))
     ON CONFLICT (notification_id) DO NOTHING`,
    [userId, ids, now],
  );
  return rowCount ?? 0;
}

/** Whether this notification exists and is the renter's (404 otherwise, whoever owns it). */
export async function ownsNotification(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM ${NOTIFICATIONS_TABLE} WHERE id = $1 AND user_id = $2`, [id, userId]);
  return rowCount === 1;
}

export interface SweepCandidate {
  reservation_id: string;
  kind: 'ending_soon' | 'overdue';
  end_at: Date;
}

/**
 * Reminders a lost job may have missed, due in (now - lookback, now]: active reservations whose
 * ending-soon notice is due, open ones past their end (the expiry has not run), and ended ones
 * reminded before their end with no overdue notice. The jobs' handler decides each on its stream.
 */
// `status IN ('pending', 'active') AND status = 'active'` lets the planner use the partial index
// rm_reservations_open (end_time) of the open reservations, not a scan of every reservation.
export async function sweepCandidates(db: Queryable, now: Date, leadMs: number, lookbackMs: number, limit: number): Promise<SweepCandidate[]> {
  const { rows } = await db.query<SweepCandidate>(
    `WITH bounds AS (SELECT $1::timestamptz AS now, make_interval(secs => $2::float8 / 1000) AS lead, make_interval(secs => $3::float8 / 1000) AS back)
     SELECT r.id AS reservation_id, 'ending_soon' AS kind, r.end_time AS end_at FROM ${RESERVATIONS_TABLE} r, bounds b
      WHERE r.status IN ('pending', 'active') AND r.status = 'active' AND r.end_time > b.now AND r.end_time - b.lead <= b.now AND r.end_time - b.lead > b.now - b.back
        AND NOT EXISTS (SELECT 1 FROM ${REMINDERS_TABLE} m WHERE m.reservation_id = r.id AND m.kind = 'ending_soon' AND m.end_at = r.end_time)
     UNION ALL
     SELECT r.id, 'overdue', r.end_time FROM ${RESERVATIONS_TABLE} r, bounds b
      WHERE r.status IN ('pending', 'active') AND r.status = 'active' AND r.end_time <= b.now AND r.end_time > b.now - b.back
        AND NOT EXISTS (SELECT 1 FROM ${REMINDERS_TABLE} m WHERE m.reservation_id = r.id AND m.kind = 'overdue' AND m.end_at = r.end_time)
     UNION ALL
     SELECT s.reservation_id, 'overdue', s.end_at FROM ${REMINDERS_TABLE} s, bounds b
      WHERE s.kind = 'ending_soon' AND s.end_at <= b.now AND s.end_at > b.now - b.back
        AND NOT EXISTS (SELECT 1 FROM ${REMINDERS_TABLE} m WHERE m.reservation_id = s.reservation_id AND m.kind = 'overdue' AND m.end_at = s.end_at)
        -- Finalized, left for pickup or cancelled since: nothing to send, so not read every round.
        AND EXISTS (SELECT 1 FROM ${RESERVATIONS_TABLE} r WHERE r.id = s.reservation_id AND r.status IN ('active', 'expired'))
     LIMIT $4`,
    [now, leadMs, lookbackMs, limit],
  );
  return rows;
}

/** Overdue holds whose time has come (end + hold <= now) and that no event has released yet. */
export async function holdsToRelease(db: Queryable, now: Date, holdMs: number, limit: number): Promise<{ reservation_id: string }[]> {
  const { rows } = await db.query<{ reservation_id: string }>(
    `SELECT reservation_id FROM ${REMINDERS_TABLE}
      WHERE kind = 'overdue' AND released_at IS NULL AND end_at <= $1::timestamptz - make_interval(secs => $2::float8 / 1000)
      ORDER BY end_at LIMIT $3`,
    [now, holdMs, limit],
  );
  return rows;
}
