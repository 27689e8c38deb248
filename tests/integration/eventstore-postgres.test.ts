import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { START, comparePositions } from '../../infra/eventstore/port.js';
import type { EventStore, StoredEvent } from '../../infra/eventstore/port.js';
import { eventStoreConformance } from '../conformance/eventstore.conformance.js';
import { newEvent, readAllSettled, waitFor } from '../support/events.js';
import { createTestDatabase } from '../support/database.js';
import type { TestDatabase } from '../support/database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

async function freshStore(): Promise<{ pool: pg.Pool; store: EventStore; teardown(): Promise<void> }> {
  const pool = createPool(db.url, { max: 8 });
  await pool.query('TRUNCATE events RESTART IDENTITY');
  const store = createPostgresEventStore(pool, { pollIntervalMs: 20 });
  return {
    pool,
    store,
    async teardown() {
      await store.close();
      await pool.end();
    },
  };
}

eventStoreConformance('postgres', freshStore);

/** A pool whose transactions stop right before COMMIT until released. */
function holdCommits(pool: pg.Pool): { pool: pg.Pool; atCommit: Promise<void>; release(): void } {
  let release: () => void = () => undefined;
  let reached: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const atCommit = new Promise<void>((resolve) => (reached = resolve));
  const holding = {
    async connect(): Promise<pg.PoolClient> {
      const client = await pool.connect();
      const query = async (...args: unknown[]): Promise<unknown> => {
        if (args[0] === 'COMMIT') {
          reached();
          await gate;
        }
        return (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
      };
      return new Proxy(client, {
        get: (target, key) => (key === 'query' ? query : Reflect.get(target, key, target)),
      });
    },
    // A one-statement append runs in its own implicit transaction: make it explicit so its
    // commit can be held like any other.
    async query(...args: unknown[]): Promise<unknown> {
      const client = await holding.connect();
      try {
        await client.query('BEGIN');
        const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        await client.query('COMMIT');
        return result;
      } finally {
        client.release();
      }
    },
  };
  return { pool: holding as unknown as pg.Pool, atCommit, release };
}

describe('postgres global order', () => {
  let pool: pg.Pool;
  let store: EventStore;
  let teardown: () => Promise<void>;
  beforeEach(async () => {
    ({ pool, store, teardown } = await freshStore());
  });
  afterEach(async () => {
    await teardown();
  });

  it('never skips an event whose transaction commits after a later one', async () => {
    const seen: StoredEvent[] = [];
    const subscription = store.subscribe({ from: START, pollIntervalMs: 10, handle: async (events) => void seen.push(...events) });

    // A takes its seq first and stays uncommitted; B is appended and committed after it.
    const held = holdCommits(pool);
    const a = newEvent('A');
    // The stand-in pool holds every COMMIT: no extra statements (server check, LISTEN) on it.
    const appendingA = createPostgresEventStore(held.pool, { listen: false, prepare: false }).append('ooo-a', [a], 'no_stream');
    await held.atCommit;
    // A is an event writer: it holds the writer lock (docs/adr/0006) while it waits to commit.
    expect((await pool.query('SELECT count(*)::int AS n FROM hub_event_writers')).rows).toEqual([{ n: 1 }]);
    const b = newEvent('B');
    const resultB = await store.append('ooo-b', [b], 'no_stream');

    // B is committed, but A's older transaction is still running: B must not be returned yet,
    // or a follower checkpointing at B would never see A.
    try {
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await store.readAll({ after: START, limit: 10 })).toEqual([]);
      expect(seen).toEqual([]);
    } finally {
      // Keep this short: an open transaction holds back readAll in every database of the server.
      held.release();
    }
    const resultA = await appendingA;
    expect(resultA.position.seq).toBeLessThan(resultB.position.seq);
    expect(comparePositions(resultA.position, resultB.position)).toBe(-1);

    await waitFor(() => seen.length >= 2);
    await subscription.stop();
    expect(seen.map((e) => e.id)).toEqual([a.id, b.id]);
    expect(seen.map((e) => e.position)).toEqual([resultA.position, resultB.position]);
    expect((await readAllSettled(store, START, 2)).map((e) => e.id)).toEqual([a.id, b.id]);
  });

  it('does not wait for a running transaction that writes no events (it has an id, not the writer lock)', async () => {
    await pool.query('CREATE TABLE IF NOT EXISTS unrelated (id int)');
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('INSERT INTO unrelated VALUES (1)');
      const { rows } = await holder.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
      const b = newEvent('B');
      const result = await store.append('after-unrelated', [b], 'no_stream');
      expect(result.position.tx).toBeGreaterThan(BigInt(rows[0]!.xid));
      // The holder is older and still running, yet B is readable at once.
      expect((await store.readAll({ after: START, limit: 10 })).map((e) => e.id)).toEqual([b.id]);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });

  it('refuses to append in a transaction that has already written something else', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('CREATE TEMP TABLE scratch (id int)');
      await client.query('INSERT INTO scratch VALUES (1)');
      // Its id came before the writer lock: a follower may already have judged it a non-writer.
      await expect(client.query('SELECT hub_begin_event_write()')).rejects.toMatchObject({ code: 'HA003' });
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    expect(await store.readStream('anything')).toEqual([]);
  });

  /** Stores of their own on the pool: appends of one store in one turn would wait for each other. */
  async function withStores<T>(count: number, fn: (stores: EventStore[]) => Promise<T>): Promise<T> {
    const stores = Array.from({ length: count }, () => createPostgresEventStore(pool, { listen: false }));
    try {
      return await fn(stores);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  }

  it('concurrent retries of the same append write it once and all get its result', async () => {
    const events = [newEvent(), newEvent()];
    const results = await withStores(6, (stores) => Promise.all(stores.map((s) => s.append('same-batch', events, 'no_stream'))));
    expect(new Set(results.map((r) => JSON.stringify({ ...r, position: r.position.seq.toString() }))).size).toBe(1);
    expect((await store.readStream('same-batch')).map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it('stores the writing transaction id and reads positions as bigint pairs', async () => {
    const result = await store.append('pos', [newEvent(), newEvent()], 'no_stream');
    const { rows } = await pool.query<{ tx: string; seq: string }>('SELECT tx_id::text AS tx, seq::text AS seq FROM events ORDER BY seq');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.tx).toBe(rows[1]?.tx);
    expect(result.position).toEqual({ tx: BigInt(rows[1]!.tx), seq: BigInt(rows[1]!.seq) });
  });

  it('appends made in the same turn commit in one transaction, each with its own result', async () => {
    const results = await Promise.all(['t-a', 't-b', 't-c'].map((streamId) => store.append(streamId, [newEvent(), newEvent()], 'no_stream')));
    expect(new Set(results.map((r) => r.position.tx)).size).toBe(1);
    expect(results.map((r) => [r.streamId, r.nextVersion])).toEqual([
      ['t-a', 2],
      ['t-b', 2],
      ['t-c', 2],
    ]);
    const stored = await readAllSettled(store, START, 6);
    expect(stored.map((e) => e.streamId)).toEqual(['t-a', 't-a', 't-b', 't-b', 't-c', 't-c']);
    expect(results.map((r) => r.position)).toEqual([stored[1]!.position, stored[3]!.position, stored[5]!.position]);
  });

  it('appends a process makes to one stream at once land in the order made, each at the version it expects', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.append('in-order', [newEvent('N', { i })], i)));
    expect(results.map((r) => r.nextVersion)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect((await store.readStream('in-order')).map((e) => e.data)).toEqual(Array.from({ length: 10 }, (_, i) => ({ i })));
  });

  it('two multi-stream appends locking the same streams in opposite input order do not deadlock', async () => {
    const [one, two] = [createPostgresEventStore(pool, { listen: false }), createPostgresEventStore(pool, { listen: false })];
    const rounds = Array.from({ length: 10 }, (_, i) =>
      Promise.all([
        one.appendMany([
          { streamId: 'x', events: [newEvent()], expectedVersion: 'any' },
          { streamId: 'y', events: [newEvent()], expectedVersion: 'any' },
        ]),
        two.appendMany([
          { streamId: 'y', events: [newEvent()], expectedVersion: 'any' },
          { streamId: 'x', events: [newEvent()], expectedVersion: 'any' },
        ]),
      ]).then(() => i),
    );
    expect(await Promise.all(rounds)).toHaveLength(10);
    await Promise.all([one.close(), two.close()]);
    expect((await store.readStream('x')).map((e) => e.streamVersion)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await store.readStream('y')).toHaveLength(20);
  });
});
