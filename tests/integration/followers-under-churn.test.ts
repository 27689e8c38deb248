// Followers never skip, under every kind of writer at once (ADR 0001 and 0006). Writers mix
// single-event, multi-stream and retried (careful-path) appends with rolled-back event writers and
// transactions that hold an id without writing events; three "processes" (stores of their own)
// follow the log with subscriptions of several batch sizes (reads shared per process), projectors
// restarted at random, and leaderships whose lock connections are killed. Every follower must see
// exactly the log, in its order, and every non-idempotent counter must equal the log's count.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore, StoredEvent, Subscription } from '../../infra/eventstore/port.js';
import { START, WrongExpectedVersionError } from '../../infra/eventstore/port.js';
import { LEADERSHIP_APPLICATION_NAME, startLeadership, type ProjectorLeadership } from '../../projections/leadership.js';
import type { Projector } from '../../projections/projector.js';
import { startProjector } from '../../projections/runner.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { waitUntil } from '../support/test-app.js';

const LOAD_MS = 10_000;
const meta = () => ({ actor: { id: 'test', role: 'system' }, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() });
const event = (type: 'Paid' | 'Other') => ({ id: randomUUID(), type, data: {}, metadata: meta() });
const pick = (n: number) => Math.floor(Math.random() * n);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Adds one per Paid event to its own row: applied twice or skipped shows for good. */
const counter = (id: number): Projector => ({
  name: `test_counter_${id}`,
  tables: ['test_counted'],
  accepts: (e) => e.type === 'Paid',
  async apply(client, e) {
    if (e.type !== 'Paid') return;
    await client.query(`INSERT INTO test_counted (id, n) VALUES (${id}, 1) ON CONFLICT (id) DO UPDATE SET n = test_counted.n + 1`);
  },
});

interface Process {
  pool: pg.Pool;
  store: EventStore;
}

describe('followers under churn', () => {
  let database: TestDatabase;
  let admin: pg.Pool;
  const processes: Process[] = [];
  const subscriptions: Subscription[] = [];
  const leaderships: ProjectorLeadership[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = createPool(database.url, { max: 2 });
    await admin.query('CREATE TABLE test_other (id serial PRIMARY KEY); CREATE TABLE test_counted (id int PRIMARY KEY, n bigint NOT NULL)');
    for (let p = 0; p < 3; p++) {
      const pool = createPool(database.url, { max: 8 });
      processes.push({ pool, store: createPostgresEventStore(pool) });
    }
  });
  afterAll(async () => {
    for (const subscription of subscriptions) await subscription.stop();
    for (const leadership of leaderships) await leadership.stop();
    for (const { store, pool } of processes) {
      await store.close();
      await pool.end();
    }
    await admin?.end();
    await database?.drop();
  });

  /** One writer step of a random kind. */
  const write = async ({ pool, store }: Process) => {
    const kind = pick(10);
    if (kind < 4) return void (await store.append(`single-${pick(40)}`, [event(pick(2) ? 'Paid' : 'Other')], 'any'));
    if (kind < 6) {
      const streams = [...new Set([`multi-${pick(20)}`, `multi-${pick(20)}`, `shared-${pick(4)}`])];
      const versions = await Promise.all(streams.map(async (s) => (await store.readStream(s)).length));
      return void (await store.appendMany(
        streams.map((streamId, i) => ({ streamId, events: [event('Paid'), event('Other')], expectedVersion: versions[i]! })),
      ));
    }
    if (kind < 7) {
      const events = [event('Paid')];
      await store.append(`retried-${pick(10)}`, events, 'any');
      return void (await store.append(`retried-${pick(10)}`, events, 'any').catch(() => undefined)); // stored already: careful path
    }
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      if (kind < 9)
        await client.query('INSERT INTO test_other DEFAULT VALUES'); // an id, never the writer lock
      else {
        await client.query('SELECT hub_begin_event_write()');
        await client.query(
          `INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata) VALUES ('rolled-back-' || gen_random_uuid(), 1, gen_random_uuid(), 'Paid', '{}', '{}')`,
        );
      }
      await client.query(`SELECT pg_sleep(${(Math.random() * 0.03).toFixed(3)})`);
      await client.query(kind < 9 ? 'COMMIT' : 'ROLLBACK');
    } finally {
      client.release();
    }
  };

  it('every follower sees exactly the log in order, and every counter equals it, with restarts and killed leaders', async () => {
    const seen: { label: string; ids: string[] }[] = [];
    const restarted: Subscription[] = [];
    const restartable = (p: number) =>
      startProjector({ ...processes[p]!, projector: counter(1), batchSize: [1, 5, 200][pick(3)], pollIntervalMs: 20, onError: () => {} });
    for (const [p, process] of processes.entries()) {
      for (const batchSize of [1, 7, 50, 200]) {
        const ids: string[] = [];
        seen.push({ label: `process ${p}, batches of ${batchSize}`, ids });
        subscriptions.push(
          process.store.subscribe({
            from: START,
            batchSize,
            pollIntervalMs: 20,
            handle: async (events: StoredEvent[]) => void ids.push(...events.map((e) => e.id)),
          }),
        );
      }
      restarted.push(await restartable(p));
      leaderships.push(
        await startLeadership({
          ...process,
          projectors: [counter(2), counter(3)],
          batchSize: [1, 20, 200][p],
          pollIntervalMs: 20,
          retryMs: 100,
          onError: () => () => {},
          log: () => {},
        }),
      );
    }

    const end = Date.now() + LOAD_MS;
    const unexpected: unknown[] = [];
    const writers = Array.from({ length: 12 }, async (_, w) => {
      while (Date.now() < end)
        await write(processes[w % 3]!).catch((error: unknown) => void (error instanceof WrongExpectedVersionError || unexpected.push(error)));
    });
    const restarts = (async () => {
      while (Date.now() < end) {
        await sleep(300 + pick(700));
        const p = pick(3);
        await restarted[p]!.stop();
        restarted[p] = await restartable(p);
      }
    })();
    let kills = 0;
    const killer = (async () => {
      while (Date.now() < end) {
        await sleep(500 + pick(1000));
        const { rows } = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM (SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database() ORDER BY random() LIMIT 1) AS one`,
          [LEADERSHIP_APPLICATION_NAME],
        );
        kills += rows.length;
      }
    })();
    await Promise.all([...writers, restarts, killer]);
    subscriptions.push(...restarted);
    expect(unexpected).toEqual([]);
    expect(kills).toBeGreaterThan(0);

    const { rows: log } = await admin.query<{ id: string; type: string }>('SELECT event_id::text AS id, type FROM events e ORDER BY e.tx_id, e.seq');
    const paid = log.filter((e) => e.type === 'Paid').length;
    const counted = async () => (await admin.query<{ n: string }>('SELECT n FROM test_counted ORDER BY id')).rows.map((row) => Number(row.n));
    await waitUntil(async () => seen.every((s) => s.ids.length >= log.length) && (await counted()).every((n) => n >= paid), 60_000, 200).catch(() => undefined); // the checks below say what is missing
    for (const { label, ids } of seen) expect(ids, label).toEqual(log.map((e) => e.id));
    expect(await counted()).toEqual([paid, paid, paid]);
    console.log(`[followers] ${log.length} events (${paid} Paid), ${kills} leadership connections killed`);
  }, 120_000);
});
