import pg from 'pg';
import { hubsProjector } from '../../../projections/hubs/hubs-projector.js';
import { reservationsProjector } from '../../../projections/reservations/reservations-projector.js';
import { planBookings } from './booking-plan.js';
import { registerCityHubs } from './city-hubs.js';
import type { CityOptions } from './city-options.js';
import { resolveCityOptions } from './city-options.js';
import { insertAccounts, planRenters } from './city-renters.js';
import { createLifecycle } from './lifecycle.js';
import { createProgress, fmt } from './progress.js';
import { createRandom } from './random.js';
import { hubRows } from './read-model-rows.js';
import { markFinished, markStarted } from './seed-marker.js';
import { databaseFootprint } from './footprint.js';
import type { StoreWriter } from './write-events.js';
import { openStoreWriter } from './write-events.js';
import { insertHubRows, reservationRowWriter, setCheckpoints } from './write-read-models.js';

// The bulk path of `npm run seed:scale`: plan a city, replay it through the deciders into event
// rows, insert them in global order, and write the read models from the same data with the
// projectors' checkpoints at the last event. See api/seed/scale/README.md.

/**
 * The projectors whose tables this bulk path writes. Any other projector (history, daily stats)
 * keeps no checkpoint here and replays the log when projections start, so its tables are never
 * left empty behind a checkpoint that claims they are complete.
 */
export const FOLDED_PROJECTORS = [hubsProjector.name, reservationsProjector.name];

export interface CitySummary {
  hubs: number;
  lockers: number;
  accounts: number;
  reservations: number;
  events: number;
  byStatus: Record<string, number>;
  seconds: number;
  phases: Record<string, number>;
  databaseBytes: number;
  tables: { name: string; rows: number; bytes: number }[];
}

const EVENT_BATCH = 5_000;
const ROW_BATCH = 5_000;
const DAY = 86_400_000;

/** Bumped when the generator makes different events or rows: reused data sets of an older format are made again. */
export const SEED_FORMAT = 1;

/** The options worth recording (never the password). */
export const describeOptions = (o: CityOptions) => ({
  format: SEED_FORMAT, seed: o.seed, hubs: o.hubs, lockersPerHub: o.lockersPerHub, renters: o.renters, reservations: o.reservations, now: o.now.toISOString(),
  historyDays: o.historyDays, futureDays: o.futureDays, pendingNow: o.pendingNow ?? null, paymentWindowMs: o.paymentWindowMs,
  maxActiveReservations: o.maxActiveReservations, maxReservationHours: o.maxReservationHours,
});

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Bulk work: a crash loses the last batches, which the unfinished marker already covers.
  await client.query('SET synchronous_commit = off');
  return client;
}

/** Fills an empty, migrated database with a city. `log` receives progress lines. */
export async function seedCity(
  databaseUrl: string,
  input: Partial<CityOptions> & Pick<CityOptions, 'password'>,
  log: (line: string) => void = console.log,
): Promise<CitySummary> {
  const options = resolveCityOptions(input);
  const started = performance.now();
  const progress = createProgress(log);
  const phases: Record<string, number> = {};
  const random = createRandom(options.seed);
  const eventsClient = await connect(databaseUrl);
  const rowsClient = await connect(databaseUrl);
  let store: StoreWriter | null = null;
  try {
    store = await openStoreWriter(eventsClient);
    await markStarted(rowsClient, describeOptions(options));
    const historyStart = options.now.getTime() - options.historyDays * DAY;

    progress.phase('plano');
    const renters = planRenters(random.fork('renters'), options.renters);
    const { hubs, lockers } = registerCityHubs(
      random.fork('hubs'),
      { hubs: options.hubs, lockersPerHub: options.lockersPerHub, registeredAt: new Date(historyStart - 9 * DAY) },
      store.add,
    );
    const plan = planBookings(random.fork('bookings'), lockers, hubs.length, options);
    phases.plan = progress.end(`${fmt(hubs.length)} Hubs, ${fmt(lockers.length)} lockers, ${fmt(plan.count)} reservas`);

    progress.phase('contas');
    const accounts = await insertAccounts(rowsClient, renters, { id: random.fork('admin').uuid() }, options.password, new Date(historyStart - 10 * DAY));
    const rows = hubs.map((hub) => hubRows(hub.events));
    await insertHubRows(rowsClient, rows.flatMap((r) => (r.hub ? [r.hub] : [])), rows.flatMap((r) => r.lockers));
    phases.accounts = progress.end(`${fmt(accounts)} contas, ${fmt(hubs.length)} Hubs`);

    progress.phase('eventos', 0);
    const reservationRows = reservationRowWriter(rowsClient);
    const life = createLifecycle({ plan, hubs, lockers, renters, options, random: random.fork('lifecycle') }, store.add, reservationRows.add);
    progress.phase('eventos', life.totalSteps);
    for (let more = true; more; ) {
      more = life.run(1_000);
      if (store.buffered() >= EVENT_BATCH) await store.flush();
      if (reservationRows.buffered() >= ROW_BATCH) await reservationRows.flush();
      progress.tick(life.doneSteps(), store.written());
    }
    for (const row of life.openRows()) reservationRows.add(row);
    await Promise.all([reservationRows.drain(), store.drain()]);
    phases.events = progress.end(`${fmt(store.written())} eventos, ${fmt(reservationRows.written())} reservas`);

    progress.phase('índices, streams e checkpoints');
    const last = await store.finish();
    if (last) await setCheckpoints(rowsClient, FOLDED_PROJECTORS, last);
    phases.indexes = progress.end();

    progress.phase('VACUUM ANALYZE');
    // Fresh tables have no statistics and no visibility map: plans and index-only scans need both.
    await rowsClient.query('VACUUM (ANALYZE)');
    phases.vacuum = progress.end();

    const { rows: statuses } = await rowsClient.query<{ status: string; n: string }>('SELECT status, count(*) AS n FROM rm_reservations GROUP BY status ORDER BY status');
    const footprint = await databaseFootprint(rowsClient);
    const summary: CitySummary = {
      hubs: hubs.length,
      lockers: lockers.length,
      accounts,
      reservations: plan.count,
      events: store.written(),
      byStatus: Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)])),
      seconds: Math.round((performance.now() - started) / 100) / 10,
      phases,
      ...footprint,
    };
    await markFinished(rowsClient, { ...summary });
    return summary;
  } catch (error) {
    await store?.abort().catch(() => undefined);
    throw error;
  } finally {
    await Promise.allSettled([eventsClient.end(), rowsClient.end()]);
  }
}
