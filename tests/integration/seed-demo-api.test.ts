// Issue 24 item 14: SEED_DEMO=1 means the same in every process that serves the API. Under
// `npm run start:api` it seeded nothing (only `npm start` read it); now two API processes started
// at once on a fresh database add the demo accounts and Hubs, once.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoHubs, demoUsers } from '../../api/seed/demo-data.js';
import { seedDemoDataOnce } from '../../api/seed/seed.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { bullKeys, deleteBullKeys } from '../support/bullmq-keys.js';
import { startCluster, type Cluster } from '../support/cluster.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { waitUntil } from '../support/test-app.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const queueName = `hub-seed-${randomUUID().slice(0, 8)}`;

describe('issue 24 item 14: SEED_DEMO=1 with the api role', () => {
  let database: TestDatabase;
  let db: pg.Pool;
  const clusters: Cluster[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createPool(database.url, { max: 2 });
  });
  afterAll(async () => {
    for (const cluster of clusters) await cluster.stop();
    await db?.end();
    await database?.drop();
    await deleteBullKeys(redisUrl, queueName);
    expect(await bullKeys(redisUrl, queueName)).toEqual([]);
  }, 60_000);

  it('two API processes started at once on a fresh database seed the demo accounts and Hubs, once', async () => {
    // No projection process yet: each API lists no Hub when ready, whatever the seed did.
    const apis = await startCluster({
      databaseUrl: database.url,
      redisUrl,
      queueName,
      counts: { api: 2, projections: 0, workers: 0 },
      env: { SEED_DEMO: '1' },
      hubs: 0,
    });
    clusters.push(apis);

    const registered = await db.query<{ stream_id: string; n: number }>(
      `SELECT stream_id, count(*)::int AS n FROM events WHERE type = 'HubRegistered' GROUP BY stream_id ORDER BY stream_id`,
    );
    expect(registered.rows.map((row) => [row.stream_id, row.n])).toEqual(demoHubs.map((hub) => [`hub-${hub.id}`, 1]).sort());
    const users = await db.query<{ email: string }>('SELECT email FROM users ORDER BY email');
    expect(users.rows.map((row) => row.email)).toEqual(demoUsers.map((user) => user.email).sort());
    // Staff assignments are events (issue 26): the demo operator's, once, naming every demo Hub.
    const staff = await db.query<{ n: number; hubs: number }>(
      `SELECT count(*)::int AS n, max(jsonb_array_length(data->'hubIds'))::int AS hubs FROM events WHERE type = 'StaffHubsAssigned'`,
    );
    expect(staff.rows[0]).toEqual({ n: 1, hubs: demoHubs.length });
    // One of them seeded, the other found it done.
    expect(apis.output().match(/\[api-\d\] \[api\] demo data: \d+ Hubs, \d+ accounts/g)).toEqual([
      expect.stringContaining(`demo data: ${demoHubs.length} Hubs, ${demoUsers.length} accounts`),
    ]);

    // Projected, the demo Hubs are served by both, and a demo account signs in with its published password (HOST is loopback).
    clusters.push(await startCluster({ databaseUrl: database.url, redisUrl, queueName, counts: { api: 0, projections: 1, workers: 0 }, hubs: 0 }));
    const publicHubs = demoHubs.filter((hub) => !hub.details.private).length;
    for (const api of apis.byRole('api')) {
      await waitUntil(async () => ((await (await fetch(`${api.url}/api/hubs/gmv`)).json()) as unknown[]).length === publicHubs, 30_000, 200);
    }
    const login = await fetch(`${apis.byRole('api')[0]!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cliente@hub.dev', password: 'cliente123' }),
    });
    expect(login.status).toBe(200);
  }, 150_000);

  it('four processes seeding at once (each its own pool) on an exposed host: everything once, passwords made once', async () => {
    const other = await createTestDatabase();
    const pools = [1, 2, 3, 4].map(() => createPool(other.url, { max: 3 }));
    const stores = pools.map((pool) => createPostgresEventStore(pool));
    try {
      const results = await Promise.all(pools.map((pool, i) => seedDemoDataOnce(pool, stores[i]!, { madePasswords: true, lock: true })));
      expect(results.map((r) => r.hubs).sort()).toEqual([0, 0, 0, demoHubs.length]);
      expect(results.map((r) => r.users).sort()).toEqual([0, 0, 0, demoUsers.length]);
      // Each demo account got one made password, shown by the one process that made it.
      expect(results.flatMap((r) => r.madePasswords.map((made) => made.email)).sort()).toEqual(demoUsers.map((user) => user.email).sort());
      const pool = pools[0]!;
      const registered = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'HubRegistered'`);
      expect(registered.rows[0]!.n).toBe(demoHubs.length);
    } finally {
      for (const store of stores) await store.close();
      for (const pool of pools) await pool.end();
      await other.drop();
    }
  }, 60_000);
});
