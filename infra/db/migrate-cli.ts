// `npm run migrate`: applies pending migrations to DATABASE_URL. It waits for the server first, so
// a one-shot migrate container started with PostgreSQL does its work instead of failing.
import { WaitForError } from '../wait-for.js';
import { waitForPostgres } from '../wait-for-servers.js';
import { runMigrations } from './migrate.js';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

try {
  await waitForPostgres(url);
  await runMigrations(url, { log: (message) => console.log(message) });
  console.log('migrations up to date');
} catch (error) {
  console.error(error instanceof WaitForError ? error.message : error);
  process.exitCode = 1;
}
