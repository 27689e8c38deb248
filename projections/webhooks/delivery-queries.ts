import type { Queryable } from '../../infra/db/queryable.js';

// The delivery log (webhook_deliveries, webhook_attempts, webhook_endpoint_health) as the API and
// the delivery workers read and write it. These tables belong to the webhooks folder but are no
// rebuilt read model: the projector only adds rows (ON CONFLICT DO NOTHING), the workers record
// attempts, and `projections:rebuild` leaves them alone.

/** Workers LISTEN here; the payload is `{endpointId}/{reservationId}`, one delivery chain. */
export const WEBHOOK_NOTIFY_CHANNEL = 'hub_webhooks';

export interface Chain {
  endpointId: string;
  reservationId: string;
}

export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  partner_id: string;
  reservation_id: string;
  event_id: string;
  event_type: string;
  body: string;
  created_at: Date;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  series: number;
  next_attempt_at: Date;
  first_failed_at: Date | null;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_latency_ms: number | null;
  last_error: string | null;
  delivered_at: Date | null;
}

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  series: number;
  at: Date;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

/** The head of a chain with what sending needs, for a worker that holds the chain's lock. */
export interface ChainHead extends DeliveryRow {
  /** Failed attempts of its current series (a replay starts a new one): what the backoff doubles on. */
  series_failures: number;
  url: string;
  paused: boolean;
  secret_version: number;
}

/**
 * Takes the chain's lock for the caller's transaction (false: another worker holds it). Only the
 * holder sends, so one chain is never sent twice at once, whatever the number of worker replicas.
 */
export async function lockChain(db: Queryable, chain: Chain): Promise<boolean> {
  const { rows } = await db.query<{ locked: boolean }>("SELECT pg_try_advisory_xact_lock(hashtextextended('webhook-chain:' || $1 || '/' || $2, 0)) AS locked", [
    chain.endpointId,
    chain.reservationId,
  ]);
  return rows[0]?.locked === true;
}

/** The earliest undelivered event of the chain (due or not), locked; none when the endpoint is gone. */
export async function chainHead(db: Queryable, chain: Chain): Promise<ChainHead | undefined> {
  const { rows } = await db.query<ChainHead>(
    `SELECT d.*, e.url, e.paused, e.secret_version,
            (SELECT count(*)::int FROM webhook_attempts a WHERE a.delivery_id = d.id AND a.series = d.series) AS series_failures
       FROM webhook_deliveries d JOIN rm_webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.endpoint_id = $1 AND d.reservation_id = $2 AND d.status = 'pending'
      ORDER BY d.position_tx, d.position_seq LIMIT 1 FOR UPDATE OF d`,
    [chain.endpointId, chain.reservationId],
  );
  return rows[0];
}

export interface AttemptOutcome {
  at: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** delivered, or pending with the next attempt's time, or failed (given up). */
  status: 'delivered' | 'pending' | 'failed';
  nextAttemptAt: Date | null;
}

/** Logs one attempt and moves the delivery on; also the endpoint's health. Returns when it started failing. */
export async function recordAttempt(db: Queryable, head: DeliveryRow, outcome: AttemptOutcome): Promise<Date | null> {
  const attempt = head.attempts + 1;
  await db.query(`INSERT INTO webhook_attempts (delivery_id, attempt, series, at, status_code, latency_ms, error) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    head.id,
    attempt,
    head.series,
    outcome.at,
    outcome.statusCode,
    outcome.latencyMs,
    outcome.error,
  ]);
  const ok = outcome.status === 'delivered';
  await db.query(
    `UPDATE webhook_deliveries SET attempts = $2, status = $3, last_attempt_at = $4, last_status_code = $5, last_latency_ms = $6, last_error = $7,
            next_attempt_at = COALESCE($8, next_attempt_at), delivered_at = CASE WHEN $9 THEN $4 ELSE delivered_at END,
            first_failed_at = CASE WHEN $9 THEN first_failed_at ELSE COALESCE(first_failed_at, $4) END
      WHERE id = $1`,
    [head.id, attempt, outcome.status, outcome.at, outcome.statusCode, outcome.latencyMs, outcome.error, outcome.nextAttemptAt, ok],
  );
  const { rows } = await db.query<{ failing_since: Date | null }>(
    `INSERT INTO webhook_endpoint_health (endpoint_id, failing_since, last_success_at) VALUES ($1, CASE WHEN $2 THEN NULL ELSE $3::timestamptz END, CASE WHEN $2 THEN $3::timestamptz END)
     ON CONFLICT (endpoint_id) DO UPDATE SET
       failing_since = CASE WHEN $2 THEN NULL ELSE COALESCE(webhook_endpoint_health.failing_since, $3::timestamptz) END,
       last_success_at = CASE WHEN $2 THEN $3::timestamptz ELSE webhook_endpoint_health.last_success_at END
     RETURNING failing_since`,
    [head.endpoint_id, ok, outcome.at],
  );
  return rows[0]?.failing_since ?? null;
}

/**
 * Chains whose head is due on an active endpoint: what the sweep schedules, so a lost job or a
 * killed worker loses nothing (a chain another worker is sending is left to it by lockChain).
 */
export async function dueChains(db: Queryable, now: Date, limit = 500): Promise<Chain[]> {
  const { rows } = await db.query<{ endpoint_id: string; reservation_id: string }>(
    `SELECT DISTINCT d.endpoint_id, d.reservation_id FROM webhook_deliveries d JOIN rm_webhook_endpoints e ON e.id = d.endpoint_id AND NOT e.paused
      WHERE d.status = 'pending' AND d.next_attempt_at <= $1
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p WHERE p.endpoint_id = d.endpoint_id AND p.reservation_id = d.reservation_id
                          AND p.status = 'pending' AND (p.position_tx, p.position_seq) < (d.position_tx, d.position_seq) AND p.next_attempt_at > $1)
      LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => ({ endpointId: r.endpoint_id, reservationId: r.reservation_id }));
}

export interface DeliveryWithAttempts extends DeliveryRow {
  attempt_log: AttemptRow[];
}

/** An endpoint's deliveries, newest first, each with its attempts (oldest first). */
export async function deliveriesOf(db: Queryable, endpointId: string, limit: number): Promise<DeliveryWithAttempts[]> {
  const { rows } = await db.query<DeliveryWithAttempts>(
    `SELECT d.*, COALESCE((SELECT json_agg(a ORDER BY a.attempt) FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]') AS attempt_log
       FROM webhook_deliveries d WHERE d.endpoint_id = $1
      ORDER BY d.created_at DESC, d.position_tx DESC, d.position_seq DESC LIMIT $2`,
    [endpointId, limit],
  );
  return rows.map((r) => ({ ...r, attempt_log: r.attempt_log.map((a) => ({ ...a, at: new Date(a.at) })) }));
}

/** Queues a delivery again: a new series of attempts, the same event id. Null when unknown. */
export async function replayDelivery(db: Queryable, endpointId: string, id: string, now: Date): Promise<DeliveryRow | undefined> {
  const { rows } = await db.query<DeliveryRow>(
    `WITH replayed AS (
       UPDATE webhook_deliveries SET status = 'pending', series = series + 1, next_attempt_at = $3, first_failed_at = NULL, delivered_at = NULL
        WHERE endpoint_id = $1 AND id = $2 RETURNING *),
     notified AS (SELECT pg_notify($4, r.endpoint_id || '/' || r.reservation_id) FROM replayed r)
     SELECT replayed.* FROM replayed, (SELECT count(*) FROM notified) n`,
    [endpointId, id, now, WEBHOOK_NOTIFY_CHANNEL],
  );
  return rows[0];
}
