// By-size bookings per second, and the proof that none of them overlap.
//
// `measureBookings` is what `npm run bench` calls; `npx tsx tests/bench/booking-bench.ts` runs it
// standalone on a fresh database and prints bookings/s at 1 and 8 clients next to plain
// single-row INSERTs/s measured the same way as tests/bench/run.ts (BENCH_BOOKINGS, BENCH_OPS and
// BENCH_HUBS tune it; BENCH_PROFILE=1 adds where one booking's time goes).
//
// Contention pattern. Booking i goes to Hub i mod H, and the k-th booking of a Hub wants hour slot
// k ÷ lockersPerHub, so every slot of every Hub fills exactly and every booking should succeed.
// - realistic: many Hubs (20 by default). The clients' concurrent requests land on different
//   Hubs, as a city's renters do; each Hub's day schedules still see several bookings a day.
// - worst case: one Hub. Every client wants the same slot's lockers at the same moment.
// Every booking is made by a new renter, so the renter's stream is never already known.
import { testHubDetails } from '../support/hub-details.js';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import type { CommandDeps } from '../../commands/deps.js';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import { newId } from '../../commands/new-id.js';
import { periodsOf } from '../../domain/schedule/locker-schedule.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { handleCommand } from '../../commands/command-handler.js';
import { hubDecider } from '../../domain/hubs/hub-decide.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { JobQueue } from '../../infra/queue/port.js';
import { createTestDatabase } from '../support/database.js';
import { liveBookings, overlappingPairs } from '../support/locker-schedules.js';
import { profile } from './booking-profile.js';

export interface BookingBenchOptions {
  clients: number;
  bookings: number;
  hubIds: string[];
  lockersPerHub: number;
  /** Start of the first hour slot; defaults to two whole hours from now. */
  firstSlot?: Date;
}

const HOUR = 3_600_000;

/** Runs `total` operations split over `clients` concurrent loops; returns operations per second. */
export async function measure(clients: number, total: number, op: (client: number, i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = next++; i < total; i = next++) await op(client, i);
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/** Bookings/s through reserveBySize, how many succeeded, and overlapping pairs in the log. */
export async function measureBookings(deps: CommandDeps, opts: BookingBenchOptions): Promise<{ rate: number; booked: number; overlaps: number }> {
  const run = await runBookings(deps, opts);
  return { rate: run.rate, booked: run.booked.length, overlaps: await countOverlaps(deps.store, run.booked) };
}

/**
 * Untimed bookings on the pool before any is measured, as a server that has been running has made
 * them. A pool's new PostgreSQL backends, this process's caches and V8's optimising tiers warm up
 * over the first thousands: 8 clients on a new pool made 590–850 bookings/s in their first 1,000
 * and 1,000–1,200/s from the third 1,000 on (the same in a process already warm, a little lower in
 * a new one). A plain INSERT touches one small table and is warm after the baseline's first handful.
 */
export async function warmUpBookings(
  deps: CommandDeps,
  hubIds: string[],
  firstSlot: Date,
  bookings = Number(process.env.BENCH_WARM_UP ?? 2000),
): Promise<void> {
  await runBookings(deps, { clients: 8, bookings, hubIds, lockersPerHub: 1, firstSlot });
}

interface Booked {
  lockerId: string;
  start: Date;
  end: Date;
}

/** The bookings alone (what the profile times): their rate and where each one landed. */
export async function runBookings(deps: CommandDeps, opts: BookingBenchOptions): Promise<{ rate: number; booked: Booked[] }> {
  const base = opts.firstSlot?.getTime() ?? Math.ceil(Date.now() / HOUR) * HOUR + HOUR;
  const hubs = opts.hubIds.length;
  const booked: Booked[] = [];
  const rate = await measure(opts.clients, opts.bookings, async (_client, i) => {
    const hubId = opts.hubIds[i % hubs]!;
    const start = new Date(base + Math.floor(Math.floor(i / hubs) / opts.lockersPerHub) * HOUR);
    const end = new Date(start.getTime() + HOUR);
    const ctx = { actor: { id: 'bench', role: 'user' }, correlationId: randomUUID(), now: new Date() };
    try {
      const result = await reserveBySize(deps, { userId: newId(), hubId, size: 'P', start, end, canUsePrivateHub: false }, ctx);
      booked.push({ lockerId: result.lockerId, start, end });
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'no_locker_available')) throw error;
    }
  });
  return { rate, booked };
}

/**
 * Reads back the day schedules of every locker a booking landed on, for every day the bookings
 * touch, and counts pairs of live bookings of one locker that overlap: the log's own answer, not
 * the callers'. Any double booking involves a locker some booking landed on.
 */
export async function countOverlaps(store: EventStore, booked: Booked[]): Promise<number> {
  const days = new Set(booked.flatMap((b) => periodsOf(b.start, b.end)));
  let pairs = 0;
  for (const lockerId of new Set(booked.map((b) => b.lockerId))) pairs += overlappingPairs(await liveBookings(store, lockerId, days)).length;
  return pairs;
}

/** The key registerBenchHub gives every Hub (10 alphanumeric characters, as the domain asks). */
export const BENCH_HUB_SECRET = 'SECRET1234';

/**
 * Registers a Hub with `lockers` active P lockers through the domain, as an admin would (the same
 * as tests/support/test-app.ts, without loading the API).
 */
export async function registerBenchHub(store: EventStore, hubId: string, lockers: number): Promise<void> {
  const ctx = () => ({ actor: { id: 'bench', role: 'system' }, correlationId: randomUUID(), now: new Date() });
  const details = testHubDetails(hubId, { description: 'Hub de benchmark' });
  await handleCommand(store, hubStreamId(hubId), hubDecider, { type: 'RegisterHub', hubId, secretKey: BENCH_HUB_SECRET, details }, ctx());
  for (let i = 0; i < lockers; i++) {
    await handleCommand(
      store,
      hubStreamId(hubId),
      hubDecider,
      {
        type: 'InstallLocker',
        lockerId: randomUUID(),
        size: 'P',
        lockerType: 'GMV',
        pricePerHourCents: 500,
        status: 'Ativo',
        collectNumber: null,
      },
      ctx(),
    );
  }
}

const noQueue: JobQueue = { schedule: async () => {}, cancel: async () => {}, process: () => {}, close: async () => {} };
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

/** Plain single-row INSERTs, as tests/bench/run.ts measures its baseline: the cost of one committed write. */
const plainInserts = (pool: pg.Pool, clients: number, ops: number) =>
  measure(clients, ops, async (c) => {
    await pool.query('INSERT INTO bench_plain (stream, data) VALUES ($1, $2)', [`w${c}`, JSON.stringify({ value: Math.random(), note: 'benchmark payload' })]);
  });

async function main() {
  const bookings = Number(process.env.BENCH_BOOKINGS ?? 1200);
  const ops = Number(process.env.BENCH_OPS ?? 4000);
  const realisticHubs = Number(process.env.BENCH_HUBS ?? 20);
  // The box is shared and its speed swings within seconds: each row alternates CHUNKS slices of
  // INSERTs and bookings, so the ratio compares the two under the same load.
  const chunks = 4;
  const lockersPerHub = 10;
  const database = await createTestDatabase();
  const pool = createPool(database.url, { max: 16 });
  const store = createPostgresEventStore(pool);
  const deps: CommandDeps = {
    db: pool,
    store,
    queue: noQueue,
    codeSecret: 'bench'.repeat(8),
    clock: () => new Date(),
    maxReservationHours: 48,
    awaitProjections: async () => true,
    log: { warn: () => {} },
  };
  let hubSeq = 0;
  const newHubs = async (count: number) => {
    const ids = Array.from({ length: count }, () => `B${String.fromCharCode(65 + Math.floor(hubSeq / 100))}-${String(hubSeq++ % 100).padStart(2, '0')}`);
    for (const id of ids) await registerBenchHub(store, id, lockersPerHub);
    return ids;
  };
  // Every slice books its own week, so slices never meet each other's bookings.
  let week = 0;
  const nextWeek = () => new Date(Math.ceil(Date.now() / HOUR) * HOUR + ++week * 7 * 24 * HOUR);
  const patterns = [
    [`realistic (${realisticHubs} Hubs)`, realisticHubs],
    ['worst case (1 Hub, same slot)', 1],
  ] as const;
  try {
    await pool.query(
      'CREATE TABLE bench_plain (id bigserial PRIMARY KEY, stream text NOT NULL, data jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())',
    );
    const rows: string[] = [];
    await warmUpBookings(deps, await newHubs(realisticHubs), nextWeek());
    for (const clients of [1, 8]) {
      for (const [pattern, hubCount] of patterns) {
        const hubIds = await newHubs(hubCount);
        let insertSeconds = 0,
          bookingSeconds = 0,
          booked = 0,
          overlaps = 0;
        for (let k = 0; k < chunks; k++) {
          insertSeconds += ops / chunks / (await plainInserts(pool, clients, ops / chunks));
          const r = await measureBookings(deps, { clients, bookings: bookings / chunks, hubIds, lockersPerHub, firstSlot: nextWeek() });
          bookingSeconds += bookings / chunks / r.rate;
          booked += r.booked;
          overlaps += r.overlaps;
        }
        const [rate, insert] = [bookings / bookingSeconds, ops / insertSeconds];
        rows.push(`| ${clients} | ${pattern} | ${fmt(rate)} | ${fmt(insert)} | ${(rate / insert).toFixed(2)} | ${booked}/${bookings} | ${overlaps} |`);
      }
    }
    const { rows: version } = await pool.query<{ server_version: string }>('SHOW server_version');
    console.log(`\nBooking benchmark — PostgreSQL ${version[0]?.server_version}, node ${process.version}, ${bookings} bookings and ${ops} INSERTs per row\n`);
    console.log('| clients | pattern | bookings/s | plain INSERTs/s | bookings ÷ INSERTs | booked | overlaps |');
    console.log('|---:|---|---:|---:|---:|---:|---:|');
    for (const row of rows) console.log(row);

    if (process.env.BENCH_PROFILE) {
      for (const clients of [1, 8]) {
        for (const [pattern, hubCount] of patterns) {
          const p = profile(deps);
          await runBookings(p.deps, { clients, bookings, hubIds: await newHubs(hubCount), lockersPerHub, firstSlot: nextWeek() });
          console.log(`\nOne booking, ${clients} client${clients > 1 ? 's' : ''}, ${pattern} (mean of ${bookings}): round trips and ms waited per step\n`);
          console.log('| step | round trips | ms |');
          console.log('|---|---:|---:|');
          for (const s of p.perBooking(bookings)) console.log(`| ${s.step} | ${s.calls.toFixed(2)} | ${s.ms.toFixed(2)} |`);
        }
      }
    }
  } finally {
    await store.close();
    await pool.end();
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
