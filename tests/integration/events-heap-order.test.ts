import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { newEvent } from '../support/events.js';
import { createTestDatabase } from '../support/database.js';
import type { TestDatabase } from '../support/database.js';

// Seen (issue 7): on the city log, seeded before migration 0022, every small append landed in
// the tail of some old page that the free-space map remembered, reading and dirtying a page per
// event. Migration 0022 keeps appends out of the tails that rows written before it left.
describe('appends go after the last page of a log written before fillfactor 95', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db?.drop());

  it('small events do not fill the tails that large rows left on earlier pages', async () => {
    const pool = createPool(db.url, { max: 2 });
    const store = createPostgresEventStore(pool, { listen: false });
    try {
      // Rows of ~1.3 KB written as before the migration: six to a page, each page left with a
      // tail a small event would fit.
      await pool.query('ALTER TABLE events SET (fillfactor = 100)');
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT hub_begin_event_write()');
        await client.query(
          `INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
           SELECT 'large-' || n, 1, gen_random_uuid(), 'Large', jsonb_build_object('text', repeat(md5(n::text), 36)), '{}'
             FROM generate_series(1, 120) AS n`,
        );
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      await pool.query('VACUUM events'); // the free-space map now knows every tail
      await pool.query('ALTER TABLE events SET (fillfactor = 95)'); // what migration 0022 does
      const block = async (where: string) =>
        (await pool.query<{ block: number }>(`SELECT max((ctid::text::point)[0])::int AS block FROM events WHERE ${where}`)).rows[0]!.block;
      const lastLarge = await block(`type = 'Large'`);
      expect(lastLarge).toBeGreaterThan(10);

      for (let i = 0; i < 20; i++) await store.append(`small-${i}`, [newEvent()], 'no_stream');
      const { rows } = await pool.query<{ block: number }>(`SELECT (ctid::text::point)[0]::int AS block FROM events WHERE stream_id LIKE 'small-%'`);
      expect(rows).toHaveLength(20);
      expect(Math.min(...rows.map((r) => r.block))).toBeGreaterThanOrEqual(lastLarge);
    } finally {
      await store.close();
      await pool.end();
    }
  });
});
