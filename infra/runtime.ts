import type { Pool } from 'pg';
import { createPool } from './db/pool.js';
import { runMigrations } from './db/migrate.js';
import type { EventStore } from './eventstore/port.js';
import { createPostgresEventStore } from './eventstore/postgres.js';

// What every process of services mode opens first: migrations (safe to run from each process,
// they take an advisory lock), a pool and the event store.

export interface Runtime {
  db: Pool;
  store: EventStore;
  close(): Promise<void>;
}

export async function openRuntime(databaseUrl: string, poolMax?: number): Promise<Runtime> {
  await runMigrations(databaseUrl);
  const db = createPool(databaseUrl, { max: poolMax });
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

/** Closes what was opened, in reverse order, on SIGINT/SIGTERM. */
export function closeOnSignal(close: () => Promise<void>): void {
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
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

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is required in services mode (see README.md).`);
    process.exit(1);
  }
  return value;
}
