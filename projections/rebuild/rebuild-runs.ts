// A rebuild's row in projection_rebuilds (migration 0048): its progress for the dashboard, and one
// rebuild at a time. The lock is a session advisory lock on a connection the run keeps for its
// whole life, so a crashed run's lock goes with its connection and the next run may start.
import type { Pool, PoolClient } from 'pg';
import type { Progress } from './progress-meter.js';

/** First half of the rebuild's advisory lock key ("hubr"); projector leadership uses "hubp". */
export const REBUILD_LOCK_CLASS = 0x6875_6272;

export type RebuildPhase = 'replaying' | 'indexing' | 'switching' | 'done';
export type RebuildEnd = 'switched' | 'failed' | 'interrupted';

/** The run holding the lock, for a refusal that says which. */
export class RebuildRunningError extends Error {
  constructor(readonly since: Date | null) {
    super(`another projections rebuild is running${since ? ` (started ${since.toISOString()})` : ''}; this one does nothing`);
  }
}

/**
 * Takes the one-rebuild lock on `client` (kept by the caller until the run ends), or throws
 * RebuildRunningError. Rows of earlier runs still 'running' are runs that died: marked interrupted.
 */
export async function claimRebuild(client: PoolClient, id: string): Promise<void> {
  const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${REBUILD_LOCK_CLASS}, 0) AS locked`);
  if (!rows[0]?.locked) {
    const running = await client.query<{ started_at: Date }>(
      `SELECT started_at FROM projection_rebuilds WHERE status = 'running' ORDER BY started_at DESC LIMIT 1`,
    );
    throw new RebuildRunningError(running.rows[0]?.started_at ?? null);
  }
  await client.query(`UPDATE projection_rebuilds SET status = 'interrupted', finished_at = now() WHERE status = 'running'`);
  await client.query(`INSERT INTO projection_rebuilds (id) VALUES ($1)`, [id]);
}

export async function recordProgress(pool: Pool | PoolClient, id: string, phase: RebuildPhase, progress: Progress): Promise<void> {
  await pool.query(
    `UPDATE projection_rebuilds SET phase = $2, applied = $3, target = $4, events_per_second = $5, eta_seconds = $6, updated_at = now()
      WHERE id = $1 AND status = 'running'`,
    [id, phase, progress.applied, progress.target, progress.eventsPerSecond, progress.etaSeconds],
  );
}

export async function endRebuild(pool: Pool | PoolClient, id: string, status: RebuildEnd, error?: string): Promise<void> {
  await pool.query(
    `UPDATE projection_rebuilds SET status = $2, phase = CASE WHEN $2 = 'switched' THEN 'done' ELSE phase END, error = $3, finished_at = now(), updated_at = now()
      WHERE id = $1`,
    [id, status, error ?? null],
  );
}

export async function releaseRebuild(client: PoolClient): Promise<void> {
  await client.query(`SELECT pg_advisory_unlock(${REBUILD_LOCK_CLASS}, 0)`);
}
