import { staffProjector } from '../../../projections/staff/staff-projector.js';
import { settingsProjector } from '../../../projections/settings/settings-projector.js';
import { partnersProjector } from '../../../projections/partners/partners-projector.js';
import { webhooksProjector } from '../../../projections/webhooks/webhooks-projector.js';
import { refundsProjector } from '../../../projections/refunds/refunds-projector.js';
import { createMoneyFold } from './money-fold.js';
import { notificationsProjector } from '../../../projections/notifications/notifications-projector.js';
import { doorStatesProjector } from '../../../projections/doors/door-states-projector.js';
import { alertsProjector } from '../../../projections/alerts/alerts-projector.js';
import pg from 'pg';
import { hubAccessProjector } from '../../../projections/access/access-projector.js';
import { lockerHistoryProjector } from '../../../projections/history/locker-history-projector.js';
import { hubsProjector } from '../../../projections/hubs/hubs-projector.js';
import { reservationsProjector } from '../../../projections/reservations/reservations-projector.js';
import { reservationsByStatus } from '../../../projections/reservations/queries.js';
import { dailyStatsProjector } from '../../../projections/stats/daily-stats-projector.js';
import { planBookings } from './booking-plan.js';
import { registerCityHubs } from './city-hubs.js';
import type { CityOptions } from './city-options.js';
import { resolveCityOptions } from './city-options.js';
import { insertAccounts, planRenters } from './city-renters.js';
import type { LogSink } from './event-log.js';
import { createHistoryFold } from './history-fold.js';
import type { HistoryRowWriter } from './history-row-writer.js';
import { openHistoryRowWriter } from './history-row-writer.js';
import { createLifecycle } from './lifecycle.js';
import { createProgress, fmt } from './progress.js';
import { createRandom } from './random.js';
import { hubRows } from './read-model-rows.js';
import { markFinished, markStarted } from './seed-marker.js';
import { databaseFootprint } from './footprint.js';
import type { StoreWriter } from './write-events.js';
import { openStoreWriter } from './write-events.js';
import { createStatsFold } from './stats-fold.js';
import { historyReservationWriter, writeFoldedTables } from './write-folded-models.js';
import { insertHubRows, reservationRowWriter, setCheckpoints } from './write-read-models.js';

// The bulk path of `npm run seed:scale`: plan a city, replay it through the deciders into event
// rows, insert them in global order, and write the read models from the same data with the
// projectors' checkpoints at the last event. See api/seed/scale/README.md.

/**
 * The projectors whose tables this bulk path writes, folded from the generated events
 * (read-model-rows.ts, history-fold.ts, stats-fold.ts), with their checkpoints at the last event.
 * A projector missing here keeps no checkpoint and replays the whole log when projections start
 * (about an hour at city size), so its tables are never left empty behind a checkpoint that claims
 * they are complete; folded-projectors.test.ts fails while projections/all.ts lists one that is
 * not folded. The city has no staff assignments (no StaffHubsAssigned, no HubRemoved), so the staff
 * projector's table is empty at the last event as written.
 */
export const FOLDED_PROJECTORS = [
  hubsProjector.name,
  reservationsProjector.name,
  lockerHistoryProjector.name,
  dailyStatsProjector.name,
  // The city's Hubs are public and nobody asks for access: its table is rightly empty.
  hubAccessProjector.name,
  staffProjector.name,
  // The city changes no settings (no SettingsChanged): rm_settings is rightly empty.
  settingsProjector.name,
  // The city has no partners (no partner events, no HubRemoved): its tables are rightly empty.
  partnersProjector.name,
  // No partner reservations, endpoints or settings changes: its tables are rightly empty.
  webhooksProjector.name,
  // Payments and each booking's renter (money-fold.ts); no refunds are asked for in the city.
  refundsProjector.name,
  // No reminder is sent by the seed (no ReminderSent): its tables are rightly empty.
  notificationsProjector.name,
  // No controller reports anything in the city (no door-state or controller events): rightly empty.
  doorStatesProjector.name,
  // No door states or controllers going offline (issue 29) in the city: no alerts, its tables are rightly empty.
  alertsProjector.name,
];

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
export const SEED_FORMAT = 2;

/** The options worth recording (never the password). */
export const describeOptions = (o: CityOptions) => ({
  format: SEED_FORMAT,
  seed: o.seed,
  hubs: o.hubs,
  lockersPerHub: o.lockersPerHub,
  renters: o.renters,
  reservations: o.reservations,
  now: o.now.toISOString(),
  historyDays: o.historyDays,
  futureDays: o.futureDays,
  pendingNow: o.pendingNow ?? null,
  paymentWindowMs: o.paymentWindowMs,
  maxActiveReservations: o.maxActiveReservations,
  maxReservationHours: o.maxReservationHours,
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
  const historyClient = await connect(databaseUrl);
  let store: StoreWriter | null = null;
  let history: HistoryRowWriter | null = null;
  try {
    history = await openHistoryRowWriter(historyClient);
    const historyRows = history;
    store = await openStoreWriter(eventsClient, historyRows.committed);
    const historyReservations = historyReservationWriter(historyClient);
    const historyFold = createHistoryFold({ rows: historyRows.add, reservation: historyReservations.add });
    const statsFold = createStatsFold();
    // Every generated event goes to the store and, on its way, through the folds of the read models.
    const events = store;
    let ordinal = 0;
    const moneyFold = createMoneyFold(rowsClient);
    const sink: LogSink = (event) => {
      moneyFold.add(event);
      historyFold.add(event, ordinal++);
      statsFold.add(event);
      events.add(event);
    };
    await markStarted(rowsClient, describeOptions(options));
    const historyStart = options.now.getTime() - options.historyDays * DAY;

    progress.phase('plano');
    const renters = planRenters(random.fork('renters'), options.renters);
    const { hubs, lockers } = registerCityHubs(
      random.fork('hubs'),
      { hubs: options.hubs, lockersPerHub: options.lockersPerHub, registeredAt: new Date(historyStart - 9 * DAY) },
      sink,
    );
    const plan = planBookings(random.fork('bookings'), lockers, hubs.length, options);
    phases.plan = progress.end(`${fmt(hubs.length)} Hubs, ${fmt(lockers.length)} lockers, ${fmt(plan.count)} reservas`);

    progress.phase('contas');
    const accounts = await insertAccounts(rowsClient, renters, { id: random.fork('admin').uuid() }, options.password, new Date(historyStart - 10 * DAY));
    const rows = hubs.map((hub) => hubRows(hub.events));
    await insertHubRows(
      rowsClient,
      rows.flatMap((r) => (r.hub ? [r.hub] : [])),
      rows.flatMap((r) => r.lockers),
    );
    phases.accounts = progress.end(`${fmt(accounts)} contas, ${fmt(hubs.length)} Hubs`);

    progress.phase('eventos', 0);
    const reservationRows = reservationRowWriter(rowsClient);
    const life = createLifecycle({ plan, hubs, lockers, renters, options, random: random.fork('lifecycle') }, sink, reservationRows.add);
    progress.phase('eventos', life.totalSteps);
    for (let more = true; more;) {
      more = life.run(1_000);
      if (store.buffered() >= EVENT_BATCH) await store.flush();
      if (reservationRows.buffered() >= ROW_BATCH) await reservationRows.flush();
      if (historyRows.buffered() >= ROW_BATCH) await historyRows.flush();
      if (historyReservations.buffered() >= ROW_BATCH) await historyReservations.flush();
      for (const w of moneyFold.writers) if (w.buffered() >= ROW_BATCH) await w.flush();
      progress.tick(life.doneSteps(), store.written());
    }
    for (const row of life.openRows()) reservationRows.add(row);
    // The history rows of the last events get their positions once the store is drained.
    await Promise.all([reservationRows.drain(), store.drain(), ...moneyFold.writers.map((w) => w.drain())]);
    await Promise.all([historyRows.flush(), historyReservations.drain()]);
    await writeFoldedTables(rowsClient, historyFold.lockerRows(), statsFold);
    phases.events = progress.end(`${fmt(store.written())} eventos, ${fmt(reservationRows.written())} reservas`);

    progress.phase('índices, streams e checkpoints');
    const [last] = await Promise.all([store.finish(), historyRows.finish()]);
    if (last) await setCheckpoints(rowsClient, FOLDED_PROJECTORS, last);
    phases.indexes = progress.end(`${fmt(historyRows.written())} linhas de histórico`);

    progress.phase('VACUUM ANALYZE');
    // Fresh tables have no statistics and no visibility map: plans and index-only scans need both.
    await rowsClient.query('VACUUM (ANALYZE)');
    phases.vacuum = progress.end();

    const statuses = await reservationsByStatus(rowsClient);
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
    await history?.abort().catch(() => undefined);
    throw error;
  } finally {
    await Promise.allSettled([eventsClient.end(), rowsClient.end(), historyClient.end()]);
  }
}
