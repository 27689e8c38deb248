// Comparing read models with what `npm run projections:rebuild` makes of the same log.
import { spawn } from 'node:child_process';
import type { Queryable } from '../../api/auth/tokens.js';
import type { Projector } from '../../projections/projector.js';

const ROOT = new URL('../../', import.meta.url).pathname;

/** Every row of every table of these projectors, each as JSON text, sorted: equal snapshots mean equal tables. */
export async function snapshotReadModels(db: Queryable, projectors: readonly Pick<Projector, 'tables'>[]): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const projector of projectors) {
    for (const table of projector.tables) {
      const { rows } = await db.query<{ row: string }>(`SELECT to_jsonb(x)::text AS row FROM ${table} x ORDER BY 1`);
      tables[table] = rows.map((r) => r.row);
    }
  }
  return tables;
}

/**
 * Each table's row count and an md5 of its rows (as JSON text, sorted): what a comparison at
 * city size can afford. Every column counts: the projectors write nothing that differs between
 * a replay and the incremental run (times come from the events, never the clock).
 */
export async function checksumReadModels(
  db: Queryable,
  projectors: readonly Pick<Projector, 'tables'>[],
): Promise<Record<string, { rows: number; md5: string }>> {
  const sums: Record<string, { rows: number; md5: string }> = {};
  for (const table of new Set(projectors.flatMap((p) => p.tables))) {
    const { rows } = await db.query<{ n: string; md5: string | null }>(
      `SELECT count(*) AS n, md5(coalesce(string_agg(r, E'\n' ORDER BY r), '')) AS md5 FROM (SELECT to_jsonb(x)::text AS r FROM ${table} x) s`,
    );
    sums[table] = { rows: Number(rows[0]!.n), md5: rows[0]!.md5 ?? '' };
  }
  return sums;
}

/** Runs `npm run projections:rebuild` on a database, as an operator would; its exit code and output. */
export function runRebuildScript(databaseUrl: string, env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const child = spawn('npm', ['run', '--silent', 'projections:rebuild'], {
    cwd: ROOT,
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}
