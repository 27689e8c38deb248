import type { ClientBase } from 'pg';

// A one-row table saying a city seed ran here, with what options, and whether it finished: an
// interrupted seed leaves it unfinished, so tools redo it rather than trust half a data set, and
// only databases a city seed made may be reset by it.

export interface SeedMarker {
  options: Record<string, unknown>;
  startedAt: Date;
  finishedAt: Date | null;
  summary: Record<string, unknown> | null;
}

export async function markStarted(client: ClientBase, options: Record<string, unknown>): Promise<void> {
  await client.query(`CREATE TABLE IF NOT EXISTS seed_scale (
    id int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    options jsonb NOT NULL,
    started_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    summary jsonb
  )`);
  await client.query(
    `INSERT INTO seed_scale (options) VALUES ($1)
     ON CONFLICT (id) DO UPDATE SET options = EXCLUDED.options, started_at = now(), finished_at = NULL, summary = NULL`,
    [JSON.stringify(options)],
  );
}

export async function markFinished(client: ClientBase, summary: Record<string, unknown>): Promise<void> {
  await client.query('UPDATE seed_scale SET finished_at = now(), summary = $1', [JSON.stringify(summary)]);
}

/** The marker, or null where no city seed ever started. */
export async function readMarker(client: ClientBase): Promise<SeedMarker | null> {
  const { rows: exists } = await client.query<{ found: boolean }>("SELECT to_regclass('seed_scale') IS NOT NULL AS found");
  if (!exists[0]?.found) return null;
  const { rows } = await client.query<{
    options: Record<string, unknown>;
    started_at: Date;
    finished_at: Date | null;
    summary: Record<string, unknown> | null;
  }>('SELECT options, started_at, finished_at, summary FROM seed_scale WHERE id = 1');
  const row = rows[0];
  return row ? { options: row.options, startedAt: row.started_at, finishedAt: row.finished_at, summary: row.summary } : null;
}
