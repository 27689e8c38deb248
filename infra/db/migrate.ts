import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

/** SQL files `NNNN_name.sql` with `-- Up Migration` / `-- Down Migration` sections. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface MigrateOptions {
  /** Receives node-pg-migrate's progress lines; silent by default. */
  log?: (message: string) => void;
}

/**
 * Applies pending migrations in file-name order, all in one transaction.
 * Safe to call concurrently: node-pg-migrate takes a session advisory lock, and 'wait' makes a
 * second caller block until the first is done (then find nothing to run) instead of failing.
 */
export async function runMigrations(databaseUrl: string, opts: MigrateOptions = {}): Promise<void> {
  const info = opts.log ?? (() => undefined);
  await runner({
    databaseUrl,
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
}
