import type { Pool } from 'pg';

// The idempotency_keys table (migration 0006): claim a key before acting, record the answer
// after, replay it to retries for 24 hours.

/** How long a claimed key waits for its first request before a retry may take over. */
const LOCK_SECONDS = 30;
export const KEEP_HOURS = 24;

export type Claim = { kind: 'claimed' } | { kind: 'replay'; statusCode: number; response: string } | { kind: 'in_progress' } | { kind: 'mismatch' };

/**
 * Takes the key for this request. The insert wins for a new key, an expired one, or one whose
 * first request died without answering (same request, lock run out); otherwise the stored row
 * says what to do.
 */
export async function claimKey(db: Pool, scope: string, key: string, fingerprint: string): Promise<Claim> {
  const claimed = await db.query(
    `INSERT INTO idempotency_keys AS k (scope, key, fingerprint, locked_until)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))
     ON CONFLICT (scope, key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, status_code = NULL, response = NULL, created_at = now(), locked_until = EXCLUDED.locked_until
       WHERE k.created_at < now() - make_interval(hours => $5)
          OR (k.status_code IS NULL AND k.locked_until < now() AND k.fingerprint = EXCLUDED.fingerprint)
     RETURNING 1`,
    [scope, key, fingerprint, LOCK_SECONDS, KEEP_HOURS],
  );
  if (claimed.rowCount) return { kind: 'claimed' };
  const { rows } = await db.query<{ fingerprint: string; status_code: number | null; response: string | null }>(
    'SELECT fingerprint, status_code, response FROM idempotency_keys WHERE scope = $1 AND key = $2',
    [scope, key],
  );
  const row = rows[0];
  if (!row) return claimKey(db, scope, key, fingerprint); // purged between the two statements
  if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (row.status_code === null || row.response === null) return { kind: 'in_progress' };
  return { kind: 'replay', statusCode: row.status_code, response: row.response };
}

export async function recordAnswer(db: Pool, scope: string, key: string, statusCode: number, response: string): Promise<void> {
  await db.query('UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE scope = $1 AND key = $2', [scope, key, statusCode, response]);
}

/** Frees a key whose request failed on our side, so a retry runs again. */
export async function releaseKey(db: Pool, scope: string, key: string): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND status_code IS NULL', [scope, key]);
}

export async function purgeExpiredKeys(db: Pool): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)', [KEEP_HOURS]);
  return rowCount ?? 0;
}
