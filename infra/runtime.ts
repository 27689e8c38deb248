import type { Pool } from 'pg';
import { createPool, type PoolOptions } from './db/pool.js';
import { runMigrations } from './db/migrate.js';
import type { EventStore } from './eventstore/port.js';
import { createPostgresEventStore } from './eventstore/postgres.js';
import { WaitForError } from './wait-for.js';
import { waitForPostgres, waitForRedis } from './wait-for-servers.js';

// What every process of services mode opens first: migrations (safe to run from each process,
// they take an advisory lock), a pool and the event store.

export interface Runtime {
  db: Pool;
  store: EventStore;
  close(): Promise<void>;
}

export interface OpenRuntimeOptions {
  /**
   * Wait for the server first (infra/wait-for.ts): processes of services mode, which may start
   * before PostgreSQL does. Off for embedded PGlite, which is up before this is called.
   */
  waitForDatabase?: boolean;
}

/** `pool`: its size, or its options (embedded mode's EMBEDDED_POOL bounds checkout waits). */
export async function openRuntime(databaseUrl: string, pool?: number | PoolOptions, opts: OpenRuntimeOptions = {}): Promise<Runtime> {
  if (opts.waitForDatabase) await exitUnlessReached(waitForPostgres(databaseUrl));
  await runMigrations(databaseUrl);
  const db = createPool(databaseUrl, typeof pool === 'number' || pool === undefined ? { max: pool } : pool);
  const store = createPostgresEventStore(db);
  return {
    db,
    store,
    async close() {
      await store.close();
      await db.end();
    },
  };
}

/** How long a drain may take before the process exits anyway: each role must be gone in 10 s. */
export const DRAIN_LIMIT_MS = 9_000;

/**
 * Closes what was opened, in reverse order, on SIGINT/SIGTERM (draining: see each main.ts). A
 * drain still running after DRAIN_LIMIT_MS is cut short, so an orchestrator's 10 s grace holds.
 */
export function closeOnSignal(close: () => Promise<void>, onSignal?: () => void): void {
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    onSignal?.();
    setTimeout(() => {
      console.error(`shutdown took longer than ${DRAIN_LIMIT_MS} ms; exiting`);
      process.exit(1);
    }, DRAIN_LIMIT_MS).unref();
    try {
      await close();
      process.exit(0);
    } catch (error) {
      console.error('shutdown failed', error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

/** Waits for Redis at start (a process using BullMQ or the shared rate limits), like the database. */
export function waitForRedisAtStart(redisUrl: string): Promise<void> {
  return exitUnlessReached(waitForRedis(redisUrl));
}

/** A server that refuses for good (wrong password, unknown database) ends the start with one line, no stack. */
async function exitUnlessReached(waiting: Promise<void>): Promise<void> {
  try {
    await waiting;
  } catch (error) {
    if (!(error instanceof WaitForError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is required in services mode (see README.md).`);
    process.exit(1);
  }
  return value;
}
