// `npm run bench`: write-path throughput on one fresh database of the server at DATABASE_URL.
// Prints event appends/s (1 and 8 writers), plain single-row INSERTs/s (the baseline), their
// ratio, and by-size reservations/s. Figures are recorded in docs/benchmarks.md.
import { randomUUID } from 'node:crypto';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import type { CommandDeps } from '../../commands/deps.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore, NewEvent } from '../../infra/eventstore/port.js';
import type { JobQueue } from '../../infra/queue/port.js';
import { createTestDatabase } from '../support/database.js';
import { registerHub } from '../support/test-app.js';

const OPS_PER_RUN = Number(process.env.BENCH_OPS ?? 4000);
const RESERVATIONS = Number(process.env.BENCH_RESERVATIONS ?? 1200);

const meta = { actor: { id: 'bench', role: 'system' }, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() };
const event = (): NewEvent => ({ id: randomUUID(), type: 'BenchEvent', data: { value: Math.random(), note: 'benchmark payload' }, metadata: meta });

/** Runs `total` operations split over `writers` concurrent loops; returns operations per second. */
async function measure(writers: number, total: number, op: (writer: number, i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = next++; i < total; i = next++) await op(writer, i);
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

async function appendsPerSecond(store: EventStore, writers: number): Promise<number> {
  const versions = Array.from({ length: writers }, () => 0);
  const prefix = randomUUID().slice(0, 8);
  // Each writer owns a stream and appends with the exact expected version, as command handling does.
  return measure(writers, OPS_PER_RUN, async (w) => {
    const result = await store.append(`bench-${prefix}-${w}`, [event()], versions[w]!);
    versions[w] = result.nextVersion;
  });
}

const noQueue: JobQueue = { schedule: async () => {}, cancel: async () => {}, process: () => {}, close: async () => {} };

async function reservationsPerSecond(deps: CommandDeps, writers: number, hubId: string, lockers: number): Promise<{ rate: number; booked: number }> {
  const base = Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3_600_000;
  let booked = 0;
  const rate = await measure(writers, RESERVATIONS, async (_w, i) => {
    // Request i wants hour slot i / lockers: every slot has exactly one free locker per request.
    const start = new Date(base + Math.floor(i / lockers) * 3_600_000);
    const ctx = { actor: { id: 'bench', role: 'user' }, correlationId: randomUUID(), now: new Date() };
    await reserveBySize(deps, { userId: randomUUID(), hubId, size: 'P', start, end: new Date(start.getTime() + 3_600_000), canUsePrivateHub: false }, ctx);
    booked++;
  });
  return { rate, booked };
}

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

async function main() {
  const database = await createTestDatabase();
  const pool = createPool(database.url, { max: 10 });
  const store = createPostgresEventStore(pool);
  try {
    await pool.query('CREATE TABLE bench_plain (id bigserial PRIMARY KEY, stream text NOT NULL, data jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())');
    const rows: [string, number, number][] = [];
    for (const writers of [1, 8]) {
      const plain = await measure(writers, OPS_PER_RUN, async (w) => {
        await pool.query('INSERT INTO bench_plain (stream, data) VALUES ($1, $2)', [`w${w}`, JSON.stringify(event().data)]);
      });
      const appends = await appendsPerSecond(store, writers);
      rows.push([`${writers} writer${writers > 1 ? 's' : ''}`, appends, plain]);
    }

    const lockers = 10;
    const deps: CommandDeps = {
      db: pool, store, queue: noQueue, codeSecret: 'bench'.repeat(8), clock: () => new Date(), maxReservationHours: 48,
      awaitProjections: async () => true, log: { warn: () => {} },
    };
    const reservations: [number, { rate: number; booked: number }][] = [];
    for (const [i, writers] of [1, 8].entries()) {
      const hubId = `BN-0${i}`;
      await registerHub(store, hubId, Array.from({ length: lockers }, () => ({ size: 'P' as const })));
      reservations.push([writers, await reservationsPerSecond(deps, writers, hubId, lockers)]);
    }

    const { rows: version } = await pool.query<{ server_version: string }>('SHOW server_version');
    console.log(`\nHub write-path benchmark — PostgreSQL ${version[0]?.server_version}, ${OPS_PER_RUN} ops per run, node ${process.version}\n`);
    console.log('| writers | event appends/s | plain INSERTs/s | appends ÷ INSERTs |');
    console.log('|---|---:|---:|---:|');
    for (const [label, appends, plain] of rows) console.log(`| ${label} | ${fmt(appends)} | ${fmt(plain)} | ${(appends / plain).toFixed(2)} |`);
    console.log('\n| concurrent clients | by-size reservations/s | booked |');
    console.log('|---|---:|---:|');
    for (const [writers, r] of reservations) console.log(`| ${writers} | ${fmt(r.rate)} | ${r.booked}/${RESERVATIONS} |`);
  } finally {
    await store.close();
    await pool.end();
    await database.drop();
  }
}

await main();
