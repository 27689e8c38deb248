import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import { projectorNames } from '../../projections/all.js';
import { waitForProjections } from '../../projections/projection-waits.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, windowFromNow } from '../support/test-app.js';

// Seen (issue 7): projectors read only below the snapshot xmin, so one transaction left open
// anywhere on the server (a report, a psql session, another database) froze every read model.
// Now they wait only for transactions that write events (docs/adr/0006): bookings keep reaching
// the read model while an unrelated transaction with an id stays open for half a minute.
describe('a long unrelated transaction does not hold the projections back', () => {
  const HOLD_MS = 30_000;
  let t: TestApp;
  const waits: { position: GlobalPosition; caughtUp: boolean }[] = [];

  beforeAll(async () => {
    t = await startTestApp({
      maxActiveReservations: 1_000,
      // The API's own bounded wait after each booking, bounded at 1 s here and recorded.
      awaitProjections: async (position) => {
        const caughtUp = await waitForProjections(t.db, projectorNames, position, 1_000);
        waits.push({ position, caughtUp });
        return caughtUp;
      },
    });
    // Lockers that cost nothing: one renter books every second, and priced bookings left unpaid
    // would be refused after the first (one unpaid booking at a time, ADR 0016).
    await registerHub(
      t.store,
      'LT-01',
      Array.from({ length: 40 }, () => ({ size: 'P' as const, priceCents: 0 })),
    );
  });
  afterAll(async () => t?.close());

  it('bookings made every second reach the read model within 1 s while the transaction stays open', async () => {
    const renter = await signUp(t, 'Longa');
    await t.db.query('CREATE TABLE long_tx_probe (id int)');
    const holder = new pg.Client({ connectionString: t.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('INSERT INTO long_tx_probe VALUES (1)'); // takes a transaction id
      const { rows: opened } = await holder.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
      const xid = opened[0]!.xid;
      const started = Date.now();
      const booked: string[] = [];
      for (let i = 0; Date.now() - started < HOLD_MS; i++) {
        waits.length = 0;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/reservations/by-size',
          headers: renter.headers,
          payload: { hub_id: 'LT-01', size: 'P', ...windowFromNow(1, 2) },
        });
        expect(res.statusCode, res.body).toBe(201);
        const id = res.json().id as string;
        booked.push(id);
        expect(waits.map((w) => w.caughtUp)).toEqual([true]);
        const { rows } = await t.db.query('SELECT status FROM rm_reservations WHERE id = $1', [id]);
        expect(rows).toEqual([{ status: 'pending' }]);

        // Still open, and still holding the server's snapshot xmin: the old rule (read below
        // xmin) would have shown none of these bookings.
        const { rows: state } = await t.db.query<{ status: string; below_xmin: boolean }>(
          'SELECT pg_xact_status($1::xid8) AS status, pg_snapshot_xmin(pg_current_snapshot()) <= $1::xid8 AS below_xmin',
          [xid],
        );
        expect(state).toEqual([{ status: 'in progress', below_xmin: true }]);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + (i + 1) * 1_000 - Date.now())));
      }
      expect(booked.length).toBeGreaterThanOrEqual(10); // bookings kept coming throughout
      // The same transaction throughout.
      const { rows: still } = await holder.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
      expect(still[0]!.xid).toBe(xid);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
  }, 90_000);
});
