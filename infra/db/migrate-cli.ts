// `npm run migrate`: applies pending migrations to DATABASE_URL.
import { runMigrations } from './migrate.js';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

try {
  await runMigrations(url, { log: (message) => console.log(message) });
  console.log('migrations up to date');
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
