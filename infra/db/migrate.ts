import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** SQL files `NNNN_name.sql` with `-- Up Migration` / `-- Down Migration` sections. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface MigrateOptions {
  /** Receives node-pg-migrate's progress lines; silent by default. */
  log?: (message: string) => void;
}

/** The migration names (file names without .sql), in the order they apply. */
export async function migrationNames(): Promise<string[]> {
  const files = await readdir(MIGRATIONS_DIR);
  return files
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.slice(0, -'.sql'.length))
    .sort();
}

/**
 * True when pgmigrations records exactly the migration files: nothing to apply, and nothing
 * unknown (a database ahead of this code goes to node-pg-migrate, which refuses it as before).
 */
export async function migrationsUpToDate(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const table = await client.query<{ present: boolean }>(`SELECT to_regclass('pgmigrations') IS NOT NULL AS present`);
    if (!table.rows[0]?.present) return false;
    const [names, { rows }] = await Promise.all([migrationNames(), client.query<{ name: string }>('SELECT name FROM pgmigrations')]);
    const applied = new Set(rows.map((row) => row.name));
    return applied.size === names.length && names.every((name) => applied.has(name));
  } finally {
    await client.end();
  }
}

/**
 * Applies pending migrations in file-name order, all in one transaction.
 * Safe to call concurrently: node-pg-migrate takes a session advisory lock, and 'wait' makes a
 * second caller block until the first is done (then find nothing to run) instead of failing.
 * When nothing is pending (every start but the first) a read-only check answers, and
 * node-pg-migrate (about 0.6 s to import: glob, jiti, yargs) is not even loaded.
 */
export async function runMigrations(databaseUrl: string, opts: MigrateOptions = {}): Promise<void> {
  if (await migrationsUpToDate(databaseUrl)) return;
  const info = opts.log ?? (() => undefined);
  const { runner } = await import('node-pg-migrate');
  // Our own connection, ended and awaited here: node-pg-migrate ends its own without waiting,
  // so a database dropped right after (a test's cleanup) could terminate that backend while it
  // closed, and the error reached a client with no listener (an uncaught exception, seen in CI).
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', (error) => info(`[migrate] connection error: ${error.message}`));
  await client.connect();
  try {
    await runner({
      dbClient: client,
      dir: MIGRATIONS_DIR,
      migrationsTable: 'pgmigrations',
      direction: 'up',
      // node-pg-migrate treats a missing value as false; one transaction means all or nothing.
      singleTransaction: true,
      advisoryLockMode: 'wait',
      checkOrder: true,
      logger: {
        debug: info,
        info,
        warn: (message: string) => console.warn(`[migrate] ${message}`),
        error: (message: string) => console.error(`[migrate] ${message}`),
      },
    });
  } finally {
    await client.end();
  }
}
