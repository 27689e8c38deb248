import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import type { TestDatabase } from '../support/database.js';

// Seen (issue 7): hub_events_horizon's look for events at or above xmin was planned once per
// session, and a session that started on a small log kept a sequential scan of `events` as the
// log grew (2.5–3.8 ms per read at ~10,000 events, most of PostgreSQL's time in keeping the read
// models up). Migration 0021 makes it an index scan whatever the cached plan estimates.
describe('the visibility horizon reads the log through its index, however the log grew', () => {
  let db: TestDatabase;
  const clients: pg.Client[] = [];
  const connect = async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await db?.drop();
  });

  it('a session that planned it on an empty log does not scan the grown log', async () => {
    const [reader, holder, writer] = [await connect(), await connect(), await connect()];
    // No ANALYZE may replan it behind the test's back.
    await writer.query('ALTER TABLE events SET (autovacuum_enabled = false)');
    // A running transaction with an id, so the horizon has something to look past.
    await holder.query('BEGIN');
    await holder.query('SELECT pg_current_xact_id()');
    const horizon = () => reader.query(`SELECT * FROM hub_events_horizon('0'::xid8, 0)`);
    for (let i = 0; i < 10; i++) await horizon(); // planned (and the plan cached) on an empty log

    await writer.query('BEGIN');
    await writer.query('SELECT hub_begin_event_write()');
    await writer.query(
      `INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
       SELECT 'grown-' || (n / 10), n % 10 + 1, gen_random_uuid(), 'Grown', '{}', '{}' FROM generate_series(0, 19999) AS n`,
    );
    await writer.query('COMMIT');

    await reader.query('BEGIN');
    for (let i = 0; i < 5; i++) await horizon();
    const { rows } = await reader.query<{ seq_scan: string; idx_scan: string }>(
      `SELECT seq_scan, idx_scan FROM pg_stat_xact_user_tables WHERE relname = 'events'`,
    );
    await reader.query('COMMIT');
    await holder.query('COMMIT');
    expect(Number(rows[0]!.seq_scan)).toBe(0);
    expect(Number(rows[0]!.idx_scan)).toBeGreaterThanOrEqual(5);
  });
});
