// `npm run seed:scale [-- options]`: a city-scale data set in a database of its own on the server
// DATABASE_URL names (default the local one). See api/seed/scale/README.md for the options.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { runMigrations } from '../../../infra/db/migrate.js';
import type { CityOptions } from './city-options.js';
import { megabytes } from './footprint.js';
import { fmt, formatDuration } from './progress.js';
import { seedCity } from './seed-city.js';
import { DEFAULT_SERVER_URL, prepareTarget } from './target-database.js';

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: process.env.SEED_SCALE_DATABASE ?? 'hub_city' },
    reset: { type: 'boolean', default: false },
    hubs: { type: 'string' },
    lockers: { type: 'string' },
    renters: { type: 'string' },
    reservations: { type: 'string' },
    seed: { type: 'string' },
    now: { type: 'string' },
    'history-days': { type: 'string' },
    'future-days': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`npm run seed:scale -- [--database hub_city] [--reset] [--hubs 1000] [--lockers 24] [--renters 50000]
  [--reservations 1000000] [--seed sao-paulo-1] [--now ISO] [--history-days 730] [--future-days 14]
Server: DATABASE_URL (default ${DEFAULT_SERVER_URL}); the database is created there when missing.
Accounts: cliente1…N@cidade.hub.dev and admin@cidade.hub.dev, password SEED_SCALE_PASSWORD (else made and printed once).`);
  process.exit(0);
}

const number = (value: string | undefined) => (value === undefined ? undefined : Number(value.replaceAll('_', '')));
const madePassword = process.env.SEED_SCALE_PASSWORD ? null : randomBytes(12).toString('base64url');
const options: Partial<CityOptions> & Pick<CityOptions, 'password'> = Object.fromEntries(
  Object.entries({
    seed: values.seed,
    hubs: number(values.hubs),
    lockersPerHub: number(values.lockers),
    renters: number(values.renters),
    reservations: number(values.reservations),
    now: values.now ? new Date(values.now) : undefined,
    historyDays: number(values['history-days']),
    futureDays: number(values['future-days']),
    password: process.env.SEED_SCALE_PASSWORD ?? madePassword,
  }).filter(([, v]) => v !== undefined),
) as Partial<CityOptions> & Pick<CityOptions, 'password'>;

try {
  const url = await prepareTarget(process.env.DATABASE_URL ?? DEFAULT_SERVER_URL, values.database, values.reset);
  console.log(`[seed:scale] banco ${values.database}: migrando`);
  await runMigrations(url);
  const summary = await seedCity(url, options);
  console.log(
    `[seed:scale] pronto em ${formatDuration(summary.seconds)}: ${fmt(summary.hubs)} Hubs, ${fmt(summary.lockers)} lockers, ` +
      `${fmt(summary.accounts)} contas, ${fmt(summary.reservations)} reservas, ${fmt(summary.events)} eventos; banco ${megabytes(summary.databaseBytes)}`,
  );
  console.log(
    `[seed:scale] reservas por status: ${Object.entries(summary.byStatus)
      .map(([s, n]) => `${s} ${fmt(n)}`)
      .join(', ')}`,
  );
  for (const t of summary.tables.slice(0, 8))
    console.log(`[seed:scale]   ${t.name.padEnd(24)} ${fmt(t.rows).padStart(12)} linhas  ${megabytes(t.bytes).padStart(9)}`);
  if (madePassword) console.log(`[seed:scale] senha de todas as contas (mostrada só agora): ${madePassword}`);
} catch (error) {
  console.error(`[seed:scale] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
