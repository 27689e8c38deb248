import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemStatus } from '../../api/health/system-status.js';
import { projectorNames } from '../../projections/all.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';

// Seen: one transaction left open anywhere on the server froze every projector (docs/adr/0001)
// and nothing said so. The health endpoint (and the dashboard's status card) report the lag.
describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await registerHub(t.store, 'HL-01', [{ size: 'P' }]);
  });
  afterAll(async () => t?.close());

  it('says ok to anyone, and gives admins the projections and their lag', async () => {
    const anonymous = await t.app.inject({ url: '/api/health' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ status: 'ok' });
    const admin = await signUp(t, 'Admin', 'admin');
    await waitUntil(async () => (await systemStatus(t.db, projectorNames)).projections.every((p) => p.lag_events === 0));
    const detailed = (await t.app.inject({ url: '/api/health', headers: admin.headers })).json();
    expect(detailed).toMatchObject({ status: 'ok', database: 'up', problems: [] });
    expect(detailed.projections.map((p: { name: string }) => p.name).sort()).toEqual([...projectorNames].sort());
    expect(detailed.projections.every((p: { lag_events: number; lag_seconds: number }) => p.lag_events === 0 && p.lag_seconds === 0)).toBe(true);
  });

  it('reports projections held back by an event-writing transaction left open, and recovers when it ends', async () => {
    const holder = new pg.Client({ connectionString: t.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      // An event writer (docs/adr/0006): the writer lock first, then a transaction id.
      await holder.query('SELECT hub_begin_event_write()');
      await holder.query('SELECT pg_current_xact_id()');
      await registerHub(t.store, 'HL-02', [{ size: 'M' }]); // committed, but after the held writer
      await new Promise((r) => setTimeout(r, 2_200));
      const status = await systemStatus(t.db, projectorNames, 1);
      expect(status.status).toBe('degraded');
      const hubs = status.projections.find((p) => p.name === 'hubs')!;
      expect(hubs.lag_events).toBe(2); // HubRegistered, LockerInstalled
      expect(hubs.lag_seconds).toBeGreaterThanOrEqual(2);
      expect(status.oldest_transaction_seconds).toBeGreaterThanOrEqual(2);
      expect(status.problems.join(' ')).toMatch(/projeção hubs está \d+ s atrasada \(2 eventos pendentes\)/);
      expect(status.problems.join(' ')).toMatch(/transação que grava eventos está aberta há \d+ s/);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    await waitUntil(async () => (await systemStatus(t.db, projectorNames, 1)).status === 'ok');
  });
});
