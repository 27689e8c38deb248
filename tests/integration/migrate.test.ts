import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runMigrations } from '../../infra/db/migrate.js';
import { createTestDatabase } from '../support/database.js';
import type { TestDatabase } from '../support/database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

it('runs concurrently without failing or applying a migration twice', async () => {
  // createTestDatabase already migrated: wipe to a blank schema, then race five runners.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await Promise.all(Array.from({ length: 5 }, () => runMigrations(db.url)));
    const { rows } = await client.query<{ name: string; n: string }>('SELECT name, count(*)::text AS n FROM pgmigrations GROUP BY name ORDER BY name');
    expect(rows[0]).toEqual({ name: '0001_event_store', n: '1' });
    expect(rows.every((row) => row.n === '1')).toBe(true);
    const tables = await client.query<{ t: string | null }>(`SELECT to_regclass('public.events')::text AS t`);
    expect(tables.rows[0]?.t).toBe('events');
  } finally {
    await client.end();
  }
});
