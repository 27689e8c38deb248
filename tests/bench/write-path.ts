// Write path at one data size: event appends and by-size bookings, each against plain single-row
// INSERTs measured in the same run on the same database (8 concurrent writers or clients).
import type { CommandDeps } from '../../commands/deps.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { JobQueue } from '../../infra/queue/port.js';
import type pg from 'pg';
import { measureAppends, measurePlainInserts } from './append-bench.js';
import { measureBookings, warmUpBookings } from './booking-bench.js';
import { farSlot } from './booking-windows.js';

export interface WritePath {
  appendRatio: number;
  bookingRatio: number;
  /** By-size bookings/s with 8 clients: the read-model lag is taken at half of it. */
  bookingRate: number;
  overlaps: number;
  note: string;
}

const OPS = Number(process.env.BENCH_OPS ?? 4000);
const BOOKINGS = Number(process.env.BENCH_RESERVATIONS ?? 2000);
const noQueue: JobQueue = { schedule: async () => {}, cancel: async () => {}, process: () => {}, close: async () => {} };

/** Command dependencies as the API builds them, minus the job queue and the wait for projections. */
export const benchDeps = (db: pg.Pool, store: EventStore): CommandDeps => ({
  db,
  store,
  queue: noQueue,
  codeSecret: 'bench'.repeat(8),
  clock: () => new Date(),
  maxReservationHours: 48,
  maxActiveReservations: 1_000_000_000,
  awaitProjections: async () => true,
  log: { warn: () => {} },
});

/** Slices of each measure, alternated: a burst of load elsewhere or a warming cache hits all three alike. */
const SLICES = 4;

export async function measureWritePath(databaseUrl: string, hubIds: string[]): Promise<WritePath> {
  const pool = createPool(databaseUrl, { max: 10 });
  const store = createPostgresEventStore(pool);
  const seconds = { inserts: 0, appends: 0, bookings: 0 };
  let booked = 0;
  let overlaps = 0;
  try {
    await warmUpBookings(benchDeps(pool, store), hubIds, farSlot());
    for (let slice = 0; slice < SLICES; slice++) {
      seconds.inserts += OPS / SLICES / (await measurePlainInserts(pool, 8, OPS / SLICES));
      seconds.appends += OPS / SLICES / (await measureAppends(store, 8, OPS / SLICES));
      const bookings = await measureBookings(benchDeps(pool, store), {
        clients: 8,
        bookings: BOOKINGS / SLICES,
        hubIds,
        lockersPerHub: 1,
        firstSlot: farSlot(),
      });
      seconds.bookings += BOOKINGS / SLICES / bookings.rate;
      booked += bookings.booked;
      overlaps += bookings.overlaps;
    }
    const [inserts, appends, bookingRate] = [OPS / seconds.inserts, OPS / seconds.appends, BOOKINGS / seconds.bookings];
    return {
      appendRatio: appends / inserts,
      bookingRatio: bookingRate / inserts,
      bookingRate,
      overlaps,
      note: `INSERT/s (8) ${Math.round(inserts)}; appends/s (8) ${Math.round(appends)}; by-size bookings/s (8) ${Math.round(bookingRate)}, ${booked}/${BOOKINGS} booked, ${overlaps} double (${SLICES} alternating slices of each)`,
    };
  } finally {
    await store.close();
    await pool.end();
  }
}
