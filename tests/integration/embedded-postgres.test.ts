// Embedded mode: PGlite behind the socket server must run our migrations and event store, keep
// data across restarts, and support the snapshot functions the global order relies on.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_POOL_MAX, startEmbeddedPostgres } from '../../infra/db/embedded.js';
import type { EmbeddedPostgres } from '../../infra/db/embedded.js';
import { runMigrations } from '../../infra/db/migrate.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { eventStoreConformance } from '../conformance/eventstore.conformance.js';
import { newEvent, readAllSettled } from '../support/events.js';
import { START } from '../../infra/eventstore/port.js';

let dataDir: string;
let server: EmbeddedPostgres | undefined;
const start = () => startEmbeddedPostgres({ dataDir: join(dataDir, 'pg'), socketDir: join(dataDir, 'socket') });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hub-pglite-'));
  server = await start();
  await runMigrations(server.url);
});
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function connect(): ReturnType<typeof createPool> {
  if (server === undefined) throw new Error('embedded server not running');
  return createPool(server.url, { max: EMBEDDED_POOL_MAX });
}

describe('embedded postgres (PGlite)', () => {
  it('has pg_current_xact_id and snapshot xmin, and ran every migration', async () => {
    const pool = connect();
    try {
      const { rows } = await pool.query<{ xact: string; xmin: string }>(
        `SELECT pg_current_xact_id()::text AS xact, pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`,
      );
      expect(BigInt(rows[0]!.xact)).toBeGreaterThan(0n);
      expect(BigInt(rows[0]!.xmin)).toBeLessThanOrEqual(BigInt(rows[0]!.xact));
      const migrations = await pool.query<{ name: string }>('SELECT name FROM pgmigrations ORDER BY id');
      expect(migrations.rows.map((r) => r.name)).toContain('0001_event_store');
      // A smaller buffer pool than PostgreSQL's default, for a faster boot (infra/db/embedded.ts).
      expect((await pool.query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '32MB' }]);
    } finally {
      await pool.end();
    }
  });

  it('keeps appended events across stop and start on the same data folder', async () => {
    let pool = connect();
    const event = newEvent('Persisted', { kept: true });
    const appended = await createPostgresEventStore(pool).append('embedded-persist', [event], 'no_stream');
    await pool.end();

    await server?.stop();
    server = await start();
    await runMigrations(server.url); // a no-op now; must not fail on an existing schema

    pool = connect();
    try {
      const store = createPostgresEventStore(pool);
      const [stored] = await store.readStream('embedded-persist');
      expect(stored?.id).toBe(event.id);
      expect(stored?.data).toEqual({ kept: true });
      expect(stored?.position).toEqual(appended.position);
      const all = await readAllSettled(store, START, 1);
      expect(all.map((e) => e.id)).toContain(event.id);
    } finally {
      await pool.end();
    }
  });
});

eventStoreConformance('postgres on PGlite', async () => {
  const pool = connect();
  await pool.query('TRUNCATE events RESTART IDENTITY');
  const store = createPostgresEventStore(pool, { pollIntervalMs: 20 });
  return {
    store,
    async teardown() {
      await store.close();
      await pool.end();
    },
  };
});
