// The read-only check that lets every start but the first skip node-pg-migrate.
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrationNames, migrationsUpToDate, runMigrations } from '../../infra/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let db: TestDatabase;
let client: pg.Client;
beforeAll(async () => {
  db = await createTestDatabase(); // migrated
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await db.drop();
});

it('is true when pgmigrations records exactly the migration files, false for a missing or an unknown one', async () => {
  expect(await migrationsUpToDate(db.url)).toBe(true);
  const names = await migrationNames();
  expect(names[0]).toBe('0001_event_store');

  const last = names.at(-1)!;
  const { rows } = await client.query<{ run_on: Date }>('DELETE FROM pgmigrations WHERE name = $1 RETURNING run_on', [last]);
  expect(await migrationsUpToDate(db.url)).toBe(false);
  await client.query('INSERT INTO pgmigrations (name, run_on) VALUES ($1, $2)', [last, rows[0]!.run_on]);
  expect(await migrationsUpToDate(db.url)).toBe(true);

  await client.query(`INSERT INTO pgmigrations (name, run_on) VALUES ('9999_from_newer_code', now())`);
  expect(await migrationsUpToDate(db.url)).toBe(false);
  await client.query(`DELETE FROM pgmigrations WHERE name = '9999_from_newer_code'`);
});

it('is false on an empty database, where runMigrations then applies everything', async () => {
  await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  expect(await migrationsUpToDate(db.url)).toBe(false);
  await runMigrations(db.url);
  expect(await migrationsUpToDate(db.url)).toBe(true);
  // Up to date: a second run is the read-only check alone and changes nothing.
  await runMigrations(db.url);
  const { rows } = await client.query<{ n: string }>('SELECT count(*)::text AS n FROM pgmigrations');
  expect(Number(rows[0]!.n)).toBe((await migrationNames()).length);
});
