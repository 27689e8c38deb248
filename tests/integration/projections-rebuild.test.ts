// `npm run projections:rebuild` gives back the same read models, row for row, as the projectors
// made while following the log. A varied workload (Hub and locker edits, renumbering, bookings
// paid, finalized, cancelled, expired unpaid, a move when a booked locker is deactivated, a Hub
// removed, access to a private Hub asked, granted, denied and revoked) goes through the API and the commands; then every table of every projector in
// projections/all.ts is snapshotted, the real rebuild script replays the log, and the tables are
// compared. A projector added later is covered without touching this file.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands/command-handler.js';
import { handleCommand } from '../../commands/command-handler.js';
import { expireReservation } from '../../commands/reservation-commands.js';
import type { HubCommand } from '../../domain/hubs/hub-decide.js';
import { hubDecider } from '../../domain/hubs/hub-decide.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { projectors } from '../../projections/all.js';
import { catchUp } from '../../projections/runner.js';
import { runRebuildScript, snapshotReadModels } from '../support/read-models.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, windowFromNow } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;
const T0 = Date.now();
const step = (n: number) => new Date(T0 + n * 60_000);

let t: TestApp;
let admin: Account;

// Projections follow the log only when a command waits for them, one catch-up at a time, so
// nothing is projecting while the rebuild runs (as the script asks: stop the projection process).
let catchingUp = Promise.resolve();
const catchUpAll = () => {
  catchingUp = catchingUp.then(async () => {
    for (const projector of projectors) await catchUp(t.db, t.store, projector);
  });
  return catchingUp;
};

const adminCtx = (n: number): CommandContext => ({ actor: { id: admin.id, role: 'admin' }, correlationId: randomUUID(), now: step(n) });
const hub = (hubId: string, command: HubCommand, n: number) => handleCommand(t.store, hubStreamId(hubId), hubDecider, command, adminCtx(n));

async function call(who: Account, n: number, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  t.clock.now = step(n);
  const res = await t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

const snapshot = () => snapshotReadModels(t.db, projectors);

beforeAll(async () => {
  const awaitProjections = async () => {
    await catchUpAll();
    return true;
  };
  t = await startTestApp({ projections: false, awaitProjections });
  const [m1, , p1, g1] = await registerHub(t.store, 'RB-01', [
    { size: 'M', priceCents: 600 },
    { size: 'M', priceCents: 600 },
    { size: 'P' },
    { size: 'G', priceCents: 900 },
  ]);
  await registerHub(t.store, 'RB-02', [{ size: 'P' }]);
  admin = await signUp(t, 'Administrador Hub', 'admin');
  const [ana, bruno, carla, dora] = [await signUp(t, 'Ana Souza'), await signUp(t, 'Bruno Lima'), await signUp(t, 'Carla Dias'), await signUp(t, 'Dora Reis')];

  // Hub and locker edits: details (and a new secret), a price, a new locker, a removal that renumbers.
  await hub('RB-01', { type: 'ChangeHubDetails', changes: { name: 'Rebuild Centro', description: 'Renomeado', secretKey: 'NEWKEY1234' } }, 1);
  await hub('RB-01', { type: 'ChangeLocker', lockerId: p1!, changes: { pricePerHourCents: 750, size: 'P' } }, 2);
  await hub(
    'RB-01',
    { type: 'InstallLocker', lockerId: randomUUID(), size: 'X', lockerType: 'Drop-Off', pricePerHourCents: 1200, status: 'Inativo', collectNumber: 'C-7' },
    3,
  );
  await hub('RB-01', { type: 'RemoveLocker', lockerId: g1! }, 4);

  // Bookings: paid, code and finalized; cancelled; paid then moved; unpaid and expired by the worker.
  // Begun at step 5, so its code can be issued at step 7 (codes exist only inside the window).
  const aStart = Math.floor(step(5).getTime() / 60_000) * 60_000;
  const a = await call(ana, 5, 'POST', '/api/reservations/by-size', {
    hub_id: 'RB-01',
    size: 'M',
    start_time: new Date(aStart).toISOString(),
    end_time: new Date(aStart + 2 * 3_600_000).toISOString(),
  });
  await call(ana, 6, 'POST', `/api/reservations/${a.id}/pay`, { method: 'pix' });
  await call(ana, 7, 'POST', `/api/reservations/${a.id}/access-code`);
  await call(ana, 8, 'POST', `/api/reservations/${a.id}/finalize`);
  const c = await call(carla, 9, 'POST', '/api/reservations/by-size', { hub_id: 'RB-01', size: 'P', ...windowFromNow(1, 4) });
  await call(carla, 10, 'POST', `/api/reservations/${c.id}/cancel`);
  const b = await call(bruno, 11, 'POST', '/api/reservations/by-size', { hub_id: 'RB-01', size: 'M', ...windowFromNow(1, 6) });
  await call(bruno, 12, 'POST', `/api/reservations/${b.id}/pay`, { method: 'credit_card' });
  const toggled = await call(admin, 13, 'POST', `/api/lockers/${m1}/toggle-status`);
  expect(toggled.moved.map((m: { reservation_id: string }) => m.reservation_id)).toEqual([b.id]);
  const d = await call(dora, 14, 'POST', '/api/reservations/by-size', { hub_id: 'RB-01', size: 'P', ...windowFromNow(1, 8) });
  await expireReservation({ store: t.store }, d.id, { actor: { id: 'worker', role: 'worker' }, correlationId: randomUUID(), now: step(40) });
  // Staff assignments (issue 26): a set, a change, a role change clearing it, one dropped with its Hub.
  const [lia, leo] = [await signUp(t, 'Lia Logística', 'logistics'), await signUp(t, 'Leo Manutenção', 'maintenance')];
  await call(admin, 15, 'PUT', `/api/operators/${lia.id}/hubs`, { hub_ids: ['RB-01', 'RB-02'] });
  await call(admin, 16, 'PUT', `/api/operators/${leo.id}/hubs`, { hub_ids: ['RB-02'] });
  await call(admin, 17, 'PUT', `/api/operators/${lia.id}/hubs`, { hub_ids: ['RB-01'] });
  await call(admin, 18, 'PUT', `/api/hubs/RB-01/staff/${leo.id}`);
  await call(admin, 19, 'PUT', `/api/users/${lia.id}`, { role: 'user' });
  await hub('RB-02', { type: 'RemoveHub' }, 41);
  // Access grants to a private Hub: requested and approved, then revoked; requested and denied.
  await registerHub(t.store, 'RB-03', [{ size: 'P' }], { private: true });
  await call(ana, 42, 'POST', '/api/user-hub-access/request', { hubId: 'RB-03', message: 'Moro no 42' });
  await call(admin, 43, 'POST', `/api/user-hub-access/requests/RB-03.${ana.id}/approve`);
  await call(bruno, 44, 'POST', '/api/user-hub-access/request', { hubId: 'RB-03' });
  await call(admin, 45, 'POST', `/api/user-hub-access/requests/RB-03.${bruno.id}/deny`, { reason: 'Não é morador' });
  await call(admin, 46, 'DELETE', `/api/user-hub-access/${ana.id}/RB-03`);
  // Partners (issue 27): registered, changed, a user and Hubs given and taken, two tokens; one removed.
  const aurora = await call(admin, 47, 'POST', '/api/partners', {
    name: 'Aurora',
    email: 'aurora@example.com',
    company_name: 'Aurora Ltda',
    cnpj: '12ABC34501DE35',
  });
  await call(admin, 48, 'PUT', `/api/partners/${aurora.id}`, { name: 'Aurora', email: 'aurora@example.com', company_name: 'Aurora SA', is_active: false });
  await call(admin, 49, 'POST', `/api/partners/${aurora.id}/users/${bruno.id}`);
  await call(admin, 50, 'POST', `/api/partners/${aurora.id}/hubs/RB-01`);
  await call(admin, 51, 'POST', `/api/partners/${aurora.id}/hubs/RB-03`);
  await call(admin, 52, 'DELETE', `/api/partners/${aurora.id}/hubs/RB-03`);
  await call(admin, 53, 'POST', `/api/partners/${aurora.id}/generate-token`);
  await call(admin, 54, 'POST', `/api/partners/${aurora.id}/generate-token`);
  const gone = await call(admin, 55, 'POST', '/api/partners', { name: 'Gone', email: 'gone@example.com', company_name: 'Gone Ltda' });
  t.clock.now = step(56);
  expect((await t.app.inject({ method: 'DELETE', url: `/api/partners/${gone.id}`, headers: admin.headers })).statusCode).toBe(204);
  // Settings (issue 27): two changes, the second overriding part of the first.
  await call(admin, 57, 'PUT', '/api/settings', { reservation_limit: 3, maintenance_mode: true });
  await call(admin, 58, 'PUT', '/api/settings', { maintenance_mode: false, company_name: 'Hub Rebuild' });
  t.clock.now = null;
  await catchUpAll();
}, 90_000);

afterAll(async () => t?.close());

describe('projections rebuild', () => {
  it('the workload left a fact of every kind it made in the history', async () => {
    const { rows } = await t.db.query<{ kind: string }>('SELECT DISTINCT kind FROM rm_locker_history ORDER BY kind');
    expect(rows.map((r) => r.kind)).toEqual([
      'access_denied',
      'access_granted',
      'access_requested',
      'access_revoked',
      'booked',
      'cancelled',
      'changed',
      'code_issued',
      'deactivated',
      'expired',
      'finalized',
      'hub_changed',
      'hub_registered',
      'hub_removed',
      'installed',
      'moved_in',
      'moved_out',
      'paid',
      'partner_hub_added',
      'partner_hub_removed',
      'removed',
      'staff_assigned',
      'staff_unassigned',
    ]);
    // A new secret key is named as changed, never written down.
    const { rows: secrets } = await t.db.query("SELECT 1 FROM rm_locker_history WHERE data::text LIKE '%NEWKEY1234%'");
    expect(secrets).toHaveLength(0);
  });

  it('npm run projections:rebuild gives back every read-model table row for row', async () => {
    const before = await snapshot();
    const tables = projectors.flatMap((p) => p.tables);
    expect(tables).toEqual(expect.arrayContaining(['rm_hubs', 'rm_lockers', 'rm_reservations', 'rm_locker_history']));
    for (const table of [
      'rm_hubs',
      'rm_lockers',
      'rm_reservations',
      'rm_locker_history',
      'rm_locker_history_lockers',
      'rm_locker_history_reservations',
      'rm_hub_access',
      'hub_staff',
      'rm_settings',
      'rm_partners',
      'rm_partner_users',
      'rm_partner_hubs',
      'rm_partner_tokens',
    ]) {
      expect(before[table]!.length, table).toBeGreaterThan(0);
    }
    const { rows: events } = await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events');

    const rebuilt = await runRebuildScript(t.url);
    expect(rebuilt.code, rebuilt.output).toBe(0);
    for (const projector of projectors) expect(rebuilt.output).toContain(`[rebuild] ${projector.name}: ${events[0]!.n} events`);

    const after = await snapshot();
    for (const table of tables) expect(after[table], table).toEqual(before[table]);
  });
});
