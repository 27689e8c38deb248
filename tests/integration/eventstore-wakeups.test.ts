import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../infra/db/pool.js';
import { LISTEN_APPLICATION_NAME, wakeupsFor } from '../../infra/eventstore/pg-wakeups.js';
import { START } from '../../infra/eventstore/port.js';
import type { EventStore, StoredEvent } from '../../infra/eventstore/port.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { createTestDatabase } from '../support/database.js';
import type { TestDatabase } from '../support/database.js';
import { newEvent, waitFor } from '../support/events.js';

// Two pools stand for two processes: a store must wake its subscriptions when the other one
// appends (LISTEN/NOTIFY, docs/adr/0006). Polls are set to a minute, so only a wake-up can
// deliver within the test.
const MINUTE = 60_000;

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('wake-ups across processes', () => {
  const opened: { pool: pg.Pool; store: EventStore }[] = [];
  const open = () => {
    const pool = createPool(db.url, { max: 4 });
    const store = createPostgresEventStore(pool, { pollIntervalMs: MINUTE, listeningPollIntervalMs: MINUTE });
    opened.push({ pool, store });
    return { pool, store };
  };
  afterEach(async () => {
    for (const { pool, store } of opened.splice(0)) {
      await store.close();
      await pool.end();
    }
  });

  const follow = (store: EventStore) => {
    const seen: StoredEvent[] = [];
    const subscription = store.subscribe({ from: START, pollIntervalMs: MINUTE, handle: async (events) => void seen.push(...events) });
    return { seen, subscription };
  };

  it('wakes a subscription when another process appends', async () => {
    const reader = open();
    const writer = open();
    await waitFor(() => wakeupsFor(reader.pool).listening && wakeupsFor(writer.pool).listening);
    const { seen, subscription } = follow(reader.store);
    try {
      for (let i = 1; i <= 3; i++) {
        const event = newEvent();
        await writer.store.append('woken', [event], i - 1);
        await waitFor(() => seen.some((e) => e.id === event.id));
      }
    } finally {
      await subscription.stop();
    }
  });

  it('listens again after its connection is cut, and wakes everything when it is back', async () => {
    const reader = open();
    const writer = open();
    await waitFor(() => wakeupsFor(reader.pool).listening && wakeupsFor(writer.pool).listening);
    const { seen, subscription } = follow(reader.store);
    try {
      const listeners = async () =>
        (
          await writer.pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [
            LISTEN_APPLICATION_NAME,
          ])
        ).rows.map((row) => row.pid);
      const before = await listeners();
      expect(before).toHaveLength(2);
      await writer.pool.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
      // Appended while nobody listens: the reconnects must make up for the lost notification.
      const lost = newEvent();
      await writer.store.append('cut', [lost], 'no_stream');
      await waitFor(() => seen.some((e) => e.id === lost.id), 10_000);
      // The reader's reconnect woke it; the writer's may come a moment later on a busy machine.
      await waitFor(() => wakeupsFor(reader.pool).listening && wakeupsFor(writer.pool).listening, 10_000);
      const after = await listeners();
      expect(after).toHaveLength(2);
      expect(after.filter((pid) => before.includes(pid))).toEqual([]);

      const next = newEvent();
      await writer.store.append('cut', [next], 1);
      await waitFor(() => seen.some((e) => e.id === next.id));
    } finally {
      await subscription.stop();
    }
  });

  it('stops listening when its last store closes', async () => {
    const { pool, store } = open();
    await waitFor(() => wakeupsFor(pool).listening);
    await store.close();
    expect(wakeupsFor(pool).listening).toBe(false);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [
      LISTEN_APPLICATION_NAME,
    ]);
    expect(rows).toEqual([{ n: 0 }]);
  });
});
