import type { Queryable } from '../../infra/db/queryable.js';
import { HUBS_TABLE } from '../hubs/queries.js';
import { HUB_STAFF_TABLE } from '../staff/queries.js';

// The alerts projector's tables (projections/alerts/alerts-projector.ts) as the alert workers and
// the alert routes read them. Only this module and the projector name them.

export interface AlertTriggerRow {
  alert_id: string;
  source_event_id: string;
  kind: string;
  hub_id: string;
  locker_id: string | null;
  locker_order: number | null;
  reservation_id: string | null;
  source: string;
  occurred_at: Date;
}

/**
 * Claims up to `limit` facts whose alert is not raised yet: each goes to one caller (SKIP LOCKED)
 * for `leaseMs`, so a process that dies mid-raise leaves it to another after the lease (whose
 * raise then finds the stream written, or writes it: once either way).
 */
export async function claimTriggersToRaise(db: Queryable, now: Date, leaseMs: number, limit: number): Promise<AlertTriggerRow[]> {
  const { rows } = await db.query<AlertTriggerRow>(
    `UPDATE alert_triggers t SET claimed_until = $2
      WHERE t.alert_id IN (
        SELECT alert_id FROM alert_triggers WHERE mails_planned_at IS NULL AND (claimed_until IS NULL OR claimed_until <= $1)
         ORDER BY occurred_at LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING t.alert_id, t.source_event_id, t.kind, t.hub_id, t.locker_id, t.locker_order, t.reservation_id, t.source, t.occurred_at`,
    [now, new Date(now.getTime() + leaseMs), limit],
  );
  return rows;
}

/**
 * The alert is in the log: marks its fact raised and, in the same statement, plans its e-mails
 * once: one row per recipient, the Hub's assigned staff now, or every admin when nobody is
 * assigned (ADR 0026). A second call plans nothing. Answers how many recipients were planned.
 */
export async function markRaisedAndPlanMails(db: Queryable, alertId: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ planned: number }>(
    `WITH t AS (
       UPDATE alert_triggers SET raised_at = COALESCE(raised_at, $2), mails_planned_at = $2
        WHERE alert_id = $1 AND mails_planned_at IS NULL RETURNING alert_id, hub_id),
     staff AS (SELECT t.alert_id, s.user_id FROM t JOIN ${HUB_STAFF_TABLE} s ON s.hub_id = t.hub_id),
     admins AS (SELECT t.alert_id, u.id AS user_id FROM t JOIN users u ON (u.role = 'admin' OR u.is_admin) WHERE NOT EXISTS (SELECT 1 FROM staff)),
     planned AS (
       INSERT INTO alert_mails (alert_id, user_id) SELECT alert_id, user_id FROM staff UNION SELECT alert_id, user_id FROM admins
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT count(*)::int AS planned FROM planned`,
    [alertId, now],
  );
  return rows[0]?.planned ?? 0;
}

/** The alert not yet resolved of this kind at this door (or Hub, lockerId null) other than `exceptId`, if any. */
export async function unresolvedAlertAt(db: Queryable, kind: string, hubId: string, lockerId: string | null, exceptId: string): Promise<string | null> {
  const { rows } = await db.query<{ alert_id: string }>(
    `SELECT alert_id FROM rm_alerts WHERE hub_id = $1 AND kind = $2 AND locker_id IS NOT DISTINCT FROM $3 AND status <> 'resolved' AND alert_id <> $4
      ORDER BY raised_at LIMIT 1`,
    [hubId, kind, lockerId, exceptId],
  );
  return rows[0]?.alert_id ?? null;
}

/** The fact was counted on an open alert: done, with no alert and no e-mail of its own. */
export async function markCounted(db: Queryable, alertId: string, countedOn: string, now: Date): Promise<void> {
  await db.query('UPDATE alert_triggers SET counted_on = $2, mails_planned_at = $3 WHERE alert_id = $1 AND mails_planned_at IS NULL', [
    alertId,
    countedOn,
    now,
  ]);
}

/** A raise that failed: due again at `at`. */
export async function triggerDueAgain(db: Queryable, alertId: string, at: Date): Promise<void> {
  await db.query('UPDATE alert_triggers SET claimed_until = $2 WHERE alert_id = $1 AND mails_planned_at IS NULL', [alertId, at]);
}

export interface AlertMailRow {
  alert_id: string;
  user_id: string;
  user_name: string;
  user_email: string;
  kind: string;
  hub_id: string;
  hub_name: string | null;
  locker_order: number | null;
  source: string;
  occurred_at: Date;
}

/**
 * Claims up to `limit` unsent alert e-mails for `leaseMs` (one process at a time sends each; a
 * process dying before marking it sent leaves it to another after the lease: at worst one mail
 * twice, never none). Only alerts already in rm_alerts: the message says what the list says.
 */
export async function claimDueAlertMails(db: Queryable, now: Date, leaseMs: number, limit: number): Promise<AlertMailRow[]> {
  const { rows } = await db.query<AlertMailRow>(
    `WITH claimed AS (
       UPDATE alert_mails m SET claimed_until = $2
        WHERE (m.alert_id, m.user_id) IN (
          SELECT d.alert_id, d.user_id FROM alert_mails d JOIN rm_alerts a ON a.alert_id = d.alert_id
           WHERE d.sent_at IS NULL AND (d.claimed_until IS NULL OR d.claimed_until <= $1)
           LIMIT $3 FOR UPDATE OF d SKIP LOCKED)
        RETURNING m.alert_id, m.user_id)
     SELECT c.alert_id, c.user_id, u.name AS user_name, u.email AS user_email, a.kind, a.hub_id, h.name AS hub_name,
            a.locker_order, a.source, a.occurred_at
       FROM claimed c JOIN rm_alerts a ON a.alert_id = c.alert_id JOIN users u ON u.id = c.user_id
       LEFT JOIN ${HUBS_TABLE} h ON h.id = a.hub_id`,
    [now, new Date(now.getTime() + leaseMs), limit],
  );
  return rows;
}

export async function alertMailSent(db: Queryable, alertId: string, userId: string, at: Date): Promise<void> {
  await db.query('UPDATE alert_mails SET sent_at = $3 WHERE alert_id = $1 AND user_id = $2', [alertId, userId, at]);
}

export async function alertMailDueAgain(db: Queryable, alertId: string, userId: string, at: Date): Promise<void> {
  await db.query('UPDATE alert_mails SET claimed_until = $3 WHERE alert_id = $1 AND user_id = $2 AND sent_at IS NULL', [alertId, userId, at]);
}

export type AlertStatusValue = 'open' | 'acknowledged' | 'resolved';

export interface AlertRow {
  alert_id: string;
  kind: string;
  hub_id: string;
  hub_name: string | null;
  locker_id: string | null;
  locker_order: number | null;
  reservation_id: string | null;
  source: string;
  occurred_at: Date;
  raised_at: Date;
  status: AlertStatusValue;
  repeat_count: number;
  last_occurred_at: Date;
  acknowledged_by: string | null;
  acknowledged_by_name: string | null;
  acknowledged_at: Date | null;
  resolved_by: string | null;
  resolved_by_name: string | null;
  resolved_at: Date | null;
  note: string | null;
}

const SELECT_ALERTS = `SELECT a.alert_id, a.kind, a.hub_id, h.name AS hub_name, a.locker_id, a.locker_order, a.reservation_id, a.source,
        a.occurred_at, a.raised_at, a.status, a.repeat_count, a.last_occurred_at, a.acknowledged_by, ua.name AS acknowledged_by_name, a.acknowledged_at,
        a.resolved_by, ur.name AS resolved_by_name, a.resolved_at, a.note
   FROM rm_alerts a LEFT JOIN ${HUBS_TABLE} h ON h.id = a.hub_id
   LEFT JOIN users ua ON ua.id::text = a.acknowledged_by LEFT JOIN users ur ON ur.id::text = a.resolved_by`;

export interface AlertFilter {
  /** null: every Hub (admins); else only these. */
  hubIds: readonly string[] | null;
  status?: AlertStatusValue;
  hubId?: string;
  limit: number;
}

/** Open first, then acknowledged, then resolved; newest first within each. */
export async function listAlerts(db: Queryable, filter: AlertFilter): Promise<AlertRow[]> {
  const { rows } = await db.query<AlertRow>(
    `${SELECT_ALERTS}
      WHERE ($1::text[] IS NULL OR a.hub_id = ANY($1::text[])) AND ($2::text IS NULL OR a.status = $2) AND ($3::text IS NULL OR a.hub_id = $3)
      ORDER BY CASE a.status WHEN 'open' THEN 0 WHEN 'acknowledged' THEN 1 ELSE 2 END, a.raised_at DESC, a.alert_id
      LIMIT $4`,
    [filter.hubIds, filter.status ?? null, filter.hubId ?? null, filter.limit],
  );
  return rows;
}

/** How many alerts are open and acknowledged among the Hubs (null: all), for the sidebar's badge. */
export async function alertCounts(db: Queryable, hubIds: readonly string[] | null): Promise<{ open: number; acknowledged: number }> {
  const { rows } = await db.query<{ open: number; acknowledged: number }>(
    `SELECT count(*) FILTER (WHERE status = 'open')::int AS open, count(*) FILTER (WHERE status = 'acknowledged')::int AS acknowledged
       FROM rm_alerts WHERE status <> 'resolved' AND ($1::text[] IS NULL OR hub_id = ANY($1::text[]))`,
    [hubIds],
  );
  return rows[0] ?? { open: 0, acknowledged: 0 };
}

export async function alertById(db: Queryable, alertId: string): Promise<AlertRow | null> {
  const { rows } = await db.query<AlertRow>(`${SELECT_ALERTS} WHERE a.alert_id = $1`, [alertId]);
  return rows[0] ?? null;
}
