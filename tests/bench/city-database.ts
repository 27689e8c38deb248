// The city-size database the benchmarks read and write: `hub_bench_city` on the server at
// DATABASE_URL, seeded once by the seed:scale bulk path and reused while its seed marker says
// it finished with the size asked for (an interrupted or other-size seed is made again). It is
// migrated on every call, so new migrations (indexes) reach the reused data.
import pg from 'pg';
import { runMigrations } from '../../infra/db/migrate.js';
import { SEED_FORMAT, describeOptions, seedCity } from '../../api/seed/scale/seed-city.js';
import { resolveCityOptions } from '../../api/seed/scale/city-options.js';
import { contentsOf, createDatabase, databaseExists, databaseUrl, dropDatabase, DEFAULT_SERVER_URL } from '../../api/seed/scale/target-database.js';
import { megabytes } from '../../api/seed/scale/footprint.js';
import { formatDuration } from '../../api/seed/scale/progress.js';

export const CITY_DATABASE = 'hub_bench_city';
/** Every seeded account's password: the bench database serves this machine only. */
export const CITY_PASSWORD = 'cidade-bench-123';

/** Reservations in the bench city: BENCH_CITY_RESERVATIONS, default 1,000,000 (fewer for a quick run). */
export function cityReservations(): number {
  const value = Number((process.env.BENCH_CITY_RESERVATIONS ?? '1000000').replaceAll('_', ''));
  if (!Number.isInteger(value) || value < 1) throw new Error('BENCH_CITY_RESERVATIONS must be a whole number ≥ 1');
  return value;
}

export interface CityDatabaseOptions {
  reservations?: number;
  log?: (line: string) => void;
}

/** Locks out a second bench process seeding the same database meanwhile (held on a server session). */
async function withSeedLock<T>(serverUrl: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [CITY_DATABASE]);
    return await fn();
  } finally {
    await client.end(); // ends the session, and with it the lock
  }
}

/** A connection URL to the city database, seeded at the asked size and migrated to the latest migrations. */
export async function ensureCityDatabase(options: CityDatabaseOptions = {}): Promise<string> {
  const serverUrl = process.env.DATABASE_URL ?? DEFAULT_SERVER_URL;
  const url = databaseUrl(serverUrl, CITY_DATABASE);
  const reservations = options.reservations ?? cityReservations();
  const log = options.log ?? ((line: string) => console.log(`[bench] ${line}`));
  return withSeedLock(serverUrl, async () => {
    if (await databaseExists(serverUrl, CITY_DATABASE)) {
      const { marker } = await contentsOf(url);
      const done = marker?.finishedAt && marker.options.format === SEED_FORMAT && marker.options.reservations === reservations;
      if (done) {
        await runMigrations(url);
        log(`${CITY_DATABASE}: reused (${reservations} reservations, seeded ${marker.finishedAt?.toISOString()})`);
        return url;
      }
      log(`${CITY_DATABASE}: ${marker?.finishedAt ? 'another size or format' : 'unfinished seed'}; seeding again`);
      await dropDatabase(serverUrl, CITY_DATABASE, true);
    }
    await createDatabase(serverUrl, CITY_DATABASE);
    await runMigrations(url);
    const options = resolveCityOptions({ reservations, password: CITY_PASSWORD });
    log(`${CITY_DATABASE}: seeding ${JSON.stringify(describeOptions(options))}`);
    const summary = await seedCity(url, options, log);
    log(`${CITY_DATABASE}: seeded in ${formatDuration(summary.seconds)}, ${summary.events} events, ${megabytes(summary.databaseBytes)}`);
    return url;
  });
}
