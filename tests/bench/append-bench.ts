// Append throughput against its baseline, a plain single-row INSERT with the same concurrency.
// `npm run bench` imports the two measures; run standalone to print both at 1 and 8 writers:
//   npx tsx tests/bench/append-bench.ts      (BENCH_OPS ops per measure, default 4000)
// on a new database, or on one that exists (e.g. the city log) with BENCH_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore, NewEvent } from '../../infra/eventstore/port.js';
import { createTestDatabase } from '../support/database.js';
import { newId } from '../../commands/new-id.js';

// Events the size and shape of the log's most common one (LockerBooked: ~550 B a row). Size
// matters on a large log: the free-space map offers every old page's tail to an event that fits
// it, and tails are what the log's own events left, so an event smaller than any real one (the
// first version of this bench: 336 B) lands on a different old page each time (0.55–0.66 of
// INSERT on the city log, against ~1.1 on a new one). BENCH_SMALL_EVENTS=1 shows it again.
const SMALL = process.env.BENCH_SMALL_EVENTS === '1';
const hour = (h: number) => new Date(Date.UTC(2026, 10, 23, h)).toISOString();
const payload = () =>
  SMALL ? { value: Math.random(), note: 'benchmark payload' } : { reservationId: randomUUID(), lockerId: randomUUID(), startTime: hour(11), endTime: hour(15) };
const meta = () => ({
  at: new Date().toISOString(),
  actor: SMALL ? { id: 'bench', role: 'system' } : { id: randomUUID(), role: 'user' },
  causationId: null,
  correlationId: randomUUID(),
});
const event = (): NewEvent => ({ id: newId(), type: 'BenchEvent', data: payload(), metadata: meta() });

/**
 * Runs `total` operations split over `writers` concurrent loops; returns operations per second.
 * A few untimed operations per writer first: connections, prepared statements, caches.
 */
export async function measureOps(writers: number, total: number, op: (writer: number) => Promise<void>): Promise<number> {
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = 0; i < 5; i++) await op(writer);
    }),
  );
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      while (next++ < total) await op(writer);
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/** Single-row INSERTs/s into bench_plain (made if missing): the cost of one committed write. */
export async function measurePlainInserts(pool: pg.Pool, writers: number, ops: number): Promise<number> {
  await pool.query(
    `CREATE TABLE IF NOT EXISTS bench_plain (
       id bigserial PRIMARY KEY, stream text NOT NULL, data jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
  );
  return measureOps(writers, ops, async (w) => {
    await pool.query('INSERT INTO bench_plain (stream, data) VALUES ($1, $2)', [`w${w}`, JSON.stringify(payload())]);
  });
}

/** Appends/s: each writer appends one event to its own stream with the exact expected version. */
export async function measureAppends(store: EventStore, writers: number, ops: number): Promise<number> {
  const versions = Array.from({ length: writers }, () => 0);
  const prefix = randomUUID().slice(0, 8);
  return measureOps(writers, ops, async (w) => {
    const result = await store.append(`bench-${prefix}-${w}`, [event()], versions[w]!);
    versions[w] = result.nextVersion;
  });
}

async function main(): Promise<void> {
  const ops = Number(process.env.BENCH_OPS ?? 4000);
  const given = process.env.BENCH_DATABASE_URL;
  const database = given ? null : await createTestDatabase();
  const pool = createPool(given ?? database!.url, { max: 10 });
  const store = createPostgresEventStore(pool);
  // The same appends with no LISTEN connection, so no NOTIFY after them: what wake-ups cost.
  const quiet = createPostgresEventStore(pool, { listen: false });
  try {
    console.log('| writers | event appends/s | plain INSERTs/s | appends ÷ INSERTs | without NOTIFY ÷ INSERTs |\n|---|---:|---:|---:|---:|');
    for (const writers of [1, 8]) {
      // One after the other, so a burst of load elsewhere on the machine is likely to hit all.
      const plain = await measurePlainInserts(pool, writers, ops);
      const appends = await measureAppends(store, writers, ops);
      const silent = await measureAppends(quiet, writers, ops);
      const ratio = (n: number) => (n / plain).toFixed(2);
      console.log(`| ${writers} | ${appends.toFixed(0)} | ${plain.toFixed(0)} | ${ratio(appends)} | ${ratio(silent)} |`);
    }
  } finally {
    await quiet.close();
    await store.close();
    await pool.end();
    await database?.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
