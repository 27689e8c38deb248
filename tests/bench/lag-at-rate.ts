// Booking → read-model lag at fixed rates, standalone: what `npm run bench` measures at half the
// booking rate, here at the rates asked for, to compare a change quickly.
//   npx tsx tests/bench/lag-at-rate.ts                    (a new database with 6 Hubs)
//   BENCH_DATABASE_URL=postgres://…/hub_bench_city npx tsx tests/bench/lag-at-rate.ts
// BENCH_RATES (bookings/s, default 1500,2000) and BENCH_REPEAT (default 2) tune it.
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { createTestDatabase } from '../support/database.js';
import { registerBenchHub } from './booking-bench.js';
import { windowBookings } from './booking-windows.js';
import { measureReadModelLag } from './read-model-lag.js';
import { benchDeps } from './write-path.js';

const given = process.env.BENCH_DATABASE_URL;
const database = given ? null : await createTestDatabase();
const url = given ?? database!.url;
const pool = createPool(url, { max: 10 });
const store = createPostgresEventStore(pool);
try {
  const hubs = given
    ? (await pool.query<{ id: string }>('SELECT id FROM rm_hubs WHERE NOT private ORDER BY id')).rows.map((r) => r.id)
    : ['LG-00', 'LG-01', 'LG-02', 'LG-03', 'LG-04', 'LG-05'];
  if (!given) for (const id of hubs) await registerBenchHub(store, id, 10);
  const deps = benchDeps(pool, store);
  console.log('| bookings/s | p50 | p99 | bookings |\n|---:|---:|---:|---:|');
  for (const rate of (process.env.BENCH_RATES ?? '1500,2000').split(',').map(Number)) {
    for (let run = 0; run < Number(process.env.BENCH_REPEAT ?? 2); run++) {
      const lag = await measureReadModelLag(url, rate, 5, windowBookings(deps, hubs));
      console.log(`| ${rate} | ${lag.p50.toFixed(1)} ms | ${lag.p99.toFixed(1)} ms | ${lag.samples} (${lag.failed} failed) |`);
    }
  }
} finally {
  await store.close();
  await pool.end();
  await database?.drop();
}
