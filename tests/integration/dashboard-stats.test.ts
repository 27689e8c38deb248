import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testHubDetails } from '../support/hub-details.js';
import { dashboardSummary } from '../../api/dashboard/summary-query.js';
import { createUser } from '../../api/auth/users.js';
import { systemStatus } from '../../api/health/system-status.js';
import { handleCommand } from '../../commands/command-handler.js';
import { expireReservation } from '../../commands/reservation-commands.js';
import type { HubCommand } from '../../domain/hubs/hub-decide.js';
import { hubDecider } from '../../domain/hubs/hub-decide.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { createPool } from '../../infra/db/pool.js';
import { projectorNames } from '../../projections/all.js';
import { rebuild } from '../../projections/runner.js';
import { dailyStatsProjector } from '../../projections/stats/daily-stats-projector.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';

// The dashboard home's data (docs/admin-api.md, "Dashboard home"): exact booked locker-hours,
// capacity and revenue per São Paulo day from the daily_stats projection, the summary cards, and
// who may read them. Times below are São Paulo local (-03:00).

type Account = Awaited<ReturnType<typeof signUp>>;
const local = (day: string, time: string) => new Date(`${day}T${time}:00-03:00`);
const D0 = '2025-03-09';
const D1 = '2025-03-10';
const D2 = '2025-03-11';
const D3 = '2025-03-12';
const NOW = local(D3, '18:00');

let t: TestApp;
let admin: Account;

/** Every projection has applied every event. */
const settle = () => waitUntil(async () => (await systemStatus(t.db, projectorNames)).projections.every((p) => p.lag_events === 0));

/** A Hub command decided at a chosen time (its events' metadata.at). */
async function hubCommand(hubId: string, command: HubCommand, at: Date) {
  await handleCommand(t.store, hubStreamId(hubId), hubDecider, command, { actor: { id: 'test', role: 'system' }, correlationId: randomUUID(), now: at });
}

async function install(hubId: string, type: 'GMV' | 'Drop-Off', size: 'P' | 'M' | 'G', status: 'Ativo' | 'Inativo', at: Date) {
  const lockerId = randomUUID();
  await hubCommand(hubId, { type: 'InstallLocker', lockerId, size, lockerType: type, pricePerHourCents: 500, status, collectNumber: null }, at);
  return lockerId;
}

async function registerAt(hubId: string, at: Date) {
  await hubCommand(
    hubId,
    {
      type: 'RegisterHub',
      hubId,
      secretKey: 'SECRET1234',
      details: testHubDetails(hubId, { description: '' }),
    },
    at,
  );
}

/** Runs a request with the API's clock pinned at `at`. */
async function at<T>(when: Date, fn: () => Promise<T>): Promise<T> {
  t.clock.now = when;
  try {
    return await fn();
  } finally {
    t.clock.now = null;
  }
}

const book = (who: Account, size: string, start: Date, end: Date) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reservations/by-size',
    headers: who.headers,
    payload: { hub_id: 'DS-01', size, start_time: start.toISOString(), end_time: end.toISOString() },
  });
const act = (who: Account, id: string, what: 'pay' | 'finalize' | 'cancel') =>
  t.app.inject({ method: 'POST', url: `/api/reservations/${id}/${what}`, headers: who.headers, payload: what === 'pay' ? { method: 'pix' } : {} });
const stats = (days?: number) =>
  at(NOW, () => t.app.inject({ url: `/api/dashboard/stats${days === undefined ? '' : `?days=${days}`}`, headers: admin.headers }));

beforeAll(async () => {
  t = await startTestApp();
  admin = await signUp(t, 'Chefe', 'admin');
  const [ana, bruno, carla] = [await signUp(t, 'Ana'), await signUp(t, 'Bruno'), await signUp(t, 'Carla')];

  // Capacity: what is GMV and active, when.
  await registerAt('DS-01', local(D1, '12:00'));
  await install('DS-01', 'GMV', 'P', 'Ativo', local(D1, '12:00')); // L1: always on
  const l2 = await install('DS-01', 'GMV', 'P', 'Ativo', local(D1, '12:00')); // off at D2 06:00
  const l3 = await install('DS-01', 'Drop-Off', 'P', 'Ativo', local(D1, '12:00')); // GMV from D3 12:00
  const l4 = await install('DS-01', 'GMV', 'M', 'Inativo', local(D1, '12:00')); // on from D2 18:00
  const l5 = await install('DS-01', 'GMV', 'G', 'Ativo', local(D1, '12:00')); // removed at D1 18:00
  await hubCommand('DS-01', { type: 'RemoveLocker', lockerId: l5 }, local(D1, '18:00'));
  await hubCommand('DS-01', { type: 'DeactivateLocker', lockerId: l2 }, local(D2, '06:00'));
  await hubCommand('DS-01', { type: 'ActivateLocker', lockerId: l4 }, local(D2, '18:00'));
  await hubCommand('DS-01', { type: 'ChangeLocker', lockerId: l3, changes: { type: 'GMV' } }, local(D3, '12:00'));
  await registerAt('DS-02', local(D2, '00:00'));
  await install('DS-02', 'GMV', 'P', 'Ativo', local(D2, '00:00'));
  await hubCommand('DS-02', { type: 'RemoveHub' }, local(D2, '12:00')); // 12 h on D2
  await settle();

  // B1: 22:00 → 02:00 across midnight (2 h + 2 h), paid on D1: R$ 20,00.
  const b1 = (await at(local(D1, '13:00'), () => book(ana, 'P', local(D1, '22:00'), local(D2, '02:00')))).json();
  expect((await at(local(D1, '13:05'), () => act(ana, b1.id, 'pay'))).statusCode).toBe(200);
  // B2: D2 10:00 → 14:00, paid at 22:30 on D1 (already D2 in UTC), finalized at 12:00: 2 h stay.
  const b2 = (await at(local(D1, '22:20'), () => book(bruno, 'P', local(D2, '10:00'), local(D2, '14:00')))).json();
  expect((await at(local(D1, '22:30'), () => act(bruno, b2.id, 'pay'))).statusCode).toBe(200);
  expect((await at(local(D2, '12:00'), () => act(bruno, b2.id, 'finalize'))).json().status).toBe('completed');
  // B3: 8 h never paid, expired when its payment window closed: gives all 8 h back.
  const b3 = (await at(local(D2, '08:00'), () => book(carla, 'P', local(D2, '20:00'), local(D3, '04:00')))).json();
  const ctx = (now: Date) => ({ actor: { id: 'worker', role: 'worker' }, correlationId: randomUUID(), now });
  await expireReservation(t, b3.id, ctx(local(D2, '08:20')));
  // B4: D3 08:00 → 11:00 paid on D2 (R$ 15,00), expired once over: changes nothing.
  const b4 = (await at(local(D2, '09:00'), () => book(ana, 'P', local(D3, '08:00'), local(D3, '11:00')))).json();
  expect((await at(local(D2, '09:01'), () => act(ana, b4.id, 'pay'))).statusCode).toBe(200);
  await expireReservation(t, b4.id, ctx(local(D3, '11:30')));
  // B5: cancelled before it starts.
  const b5 = (await at(local(D2, '09:30'), () => book(bruno, 'P', local(D3, '13:00'), local(D3, '15:00')))).json();
  expect((await at(local(D2, '10:00'), () => act(bruno, b5.id, 'cancel'))).json().status).toBe('cancelled');
  const { rows } = await t.db.query<{ type: string; reason: string | null }>(
    "SELECT type, data->>'reason' AS reason FROM events WHERE type = 'ReservationExpired' ORDER BY tx_id, seq",
  );
  expect(rows).toEqual([
    { type: 'ReservationExpired', reason: 'payment_overdue' },
    { type: 'ReservationExpired', reason: 'ended' },
  ]);
  await settle();
});
afterAll(async () => t?.close());

// D1: L1 12 h + L2 12 h + L5 6 h; D2: L1 24 + L2 6 + L4 6 + DS-02 12; D3 (today, counted whole):
// L1 24 + L4 24 + L3 12.
const expected = [
  { date: D0, booked_hours: 0, capacity_hours: 0, occupancy_pct: 0, revenue_cents: 0 },
  { date: D1, booked_hours: 2, capacity_hours: 30, occupancy_pct: 6.7, revenue_cents: 4000 },
  { date: D2, booked_hours: 4, capacity_hours: 48, occupancy_pct: 8.3, revenue_cents: 1500 },
  { date: D3, booked_hours: 3, capacity_hours: 60, occupancy_pct: 5, revenue_cents: 0 },
];

describe('GET /api/dashboard/stats', () => {
  it('gives exact booked hours, capacity and revenue per São Paulo day, oldest first', async () => {
    const res = await stats(4);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ days: expected });
  });

  it('has every day of the last 30 by default, zeros where nothing happened', async () => {
    const { days } = (await stats()).json();
    expect(days).toHaveLength(30);
    expect(days[0].date).toBe('2025-02-11');
    expect(days.slice(-4)).toEqual(expected);
    expect(
      days
        .slice(0, -3)
        .every(
          (d: { booked_hours: number; capacity_hours: number; revenue_cents: number }) =>
            d.booked_hours === 0 && d.capacity_hours === 0 && d.revenue_cents === 0,
        ),
    ).toBe(true);
    expect((await stats(90)).json().days).toHaveLength(90);
  });

  it('counts lockers still active through today, so days after the last event are counted too', async () => {
    const later = await at(local('2025-03-14', '06:00'), () => t.app.inject({ url: '/api/dashboard/stats?days=3', headers: admin.headers }));
    // L1, L3 and L4 stay active: 72 h on the 13th and on the whole of today, the 14th.
    expect(later.json().days.map((d: { capacity_hours: number }) => d.capacity_hours)).toEqual([60, 72, 72]);
  });

  it('refuses a number of days outside 1–90', async () => {
    for (const days of ['0', '91', 'abc', '2.5']) {
      const res = await t.app.inject({ url: `/api/dashboard/stats?days=${days}`, headers: admin.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(res.json().error.message).toMatch(/dias/);
    }
  });

  it('a rebuild from the log gives the same figures', async () => {
    await rebuild(t.db, t.store, dailyStatsProjector);
    expect((await stats(4)).json()).toEqual({ days: expected });
  });
});

describe('GET /api/dashboard/summary', () => {
  it('counts Hubs and lockers, lists the operators with the master first and says Online', async () => {
    await createUser(t.db, { name: 'Zé Master', email: 'Admin@Hub.dev', phone: '11987654321', password: 'secret123', role: 'admin' });
    const promoted = await signUp(t, 'Lia', 'logistics');
    await t.db.query('UPDATE users SET is_admin = true WHERE id = $1', [promoted.id]);
    await signUp(t, 'Leo', 'logistics'); // no admin access
    const res = await t.app.inject({ url: '/api/dashboard/summary', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // DS-01 stays (DS-02 was removed): L1–L4 (L5 removed), L2 inactive.
    expect(body.hubs).toEqual({ total: 1 });
    expect(body.lockers).toEqual({ total: 4, active: 3, inactive: 1 });
    expect(body.operators.total).toBe(3);
    expect(body.operators.list.map((o: { name: string; role: string; is_master: boolean }) => [o.name, o.role, o.is_master])).toEqual([
      ['Zé Master', 'admin', true],
      ['Chefe', 'admin', false],
      ['Lia', 'admin', false],
    ]);
    expect(body.operators.list[0]).toEqual({ id: expect.any(String), name: 'Zé Master', email: 'admin@hub.dev', role: 'admin', is_master: true });
    expect(body.status).toEqual({ status: 'ok', label: 'Online', problems: [], rebuild: null });
  });

  it('says Instável, with the problem in pt-BR, while a projection lags', async () => {
    const holder = new pg.Client({ connectionString: t.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT hub_begin_event_write()'); // an event writer left open (docs/adr/0006)
      await holder.query('SELECT pg_current_xact_id()');
      await registerHub(t.store, 'DS-03', [{ size: 'P' }]);
      await waitUntil(
        async () => (await t.app.inject({ url: '/api/dashboard/summary', headers: admin.headers })).json().status.status === 'degraded',
        20_000,
        250,
      );
      const { status } = (await t.app.inject({ url: '/api/dashboard/summary', headers: admin.headers })).json();
      expect(status.label).toBe('Instável');
      expect(status.problems.join(' ')).toMatch(/A projeção daily_stats está \d+ s atrasada/);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    await waitUntil(async () => (await t.app.inject({ url: '/api/dashboard/summary', headers: admin.headers })).json().status.label === 'Online', 20_000, 250);
  });

  it('says Fora do ar when the database does not answer', async () => {
    const dead = createPool('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    try {
      const summary = await dashboardSummary(dead, projectorNames, 'admin@hub.dev');
      expect(summary.status).toEqual({ status: 'down', label: 'Fora do ar', problems: ['O banco de dados não está respondendo.'], rebuild: null });
    } finally {
      await dead.end();
    }
  });
});

describe('who may read the dashboard', () => {
  it('visitors 401, renters and logistics 403, admins 200, as JSON errors in pt-BR', async () => {
    const user = await signUp(t, 'Rita');
    const logistics = await signUp(t, 'Lu', 'logistics');
    for (const url of ['/api/dashboard/summary', '/api/dashboard/stats?days=7']) {
      const visitor = await t.app.inject({ url });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error).toEqual({ code: 'unauthorized', message: 'Autenticação necessária' });
      for (const who of [user, logistics]) {
        const res = await t.app.inject({ url, headers: who.headers });
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toEqual({ code: 'forbidden', message: 'Acesso negado' });
      }
      expect((await t.app.inject({ url, headers: admin.headers })).statusCode).toBe(200);
    }
  });
});
