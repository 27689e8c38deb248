// `npm run projections:rebuild` gives back the same read models, row for row, as the projectors
// made while following the log. A varied workload (Hub and locker edits, renumbering, bookings
// paid, finalized, cancelled, expired unpaid, a move when a booked locker is deactivated, a Hub
// removed, access to a private Hub asked, granted, denied and revoked, partners, partner-API
// bookings, sandbox tokens) goes through the API and the commands; then every table of every projector in
// projections/all.ts is snapshotted, the real rebuild script replays the log, and the tables are
// compared row for row, and by row count and md5 per table (the comparison a city-size database
// can afford; no column is left out: the projectors take every time from the events). The
// rebuild is blue/green (projections/rebuild/): here nothing projects meanwhile;
// projections-rebuild-live.test.ts rebuilds while the site serves. A projector added later is
// covered without touching this file.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../commands/command-handler.js';
import { handleCommand } from '../../commands/command-handler.js';
import { expireReservation } from '../../commands/reservation-commands.js';
import type { HubCommand } from '../../domain/hubs/hub-decide.js';
import { hubDecider } from '../../domain/hubs/hub-decide.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { projectors } from '../../projections/all.js';
import { acknowledgeAlert, raiseAlert, resolveAlert } from '../../commands/alert-commands.js';
import { alertIdOf } from '../../projections/alerts/alert-id.js';
import { catchUp } from '../../projections/runner.js';
import { checksumReadModels, runRebuildScript, snapshotReadModels } from '../support/read-models.js';
import { reportDoorState } from '../support/door-states.js';
import { recordHeartbeat } from '../../infra/controller/heartbeats.js';
import { sweepControllers } from '../../workers/controller-presence-sweep.js';
import { appendReservationEvent, cancelled, paid, partnerBooking } from '../support/webhook-partner.js';
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

async function call(who: Account, n: number, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
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
  // The partner API (issue 27 item 3): bookings for end customers, paid by the partner; one cancelled.
  const boreal = await call(admin, 57, 'POST', '/api/partners', { name: 'Boreal', email: 'boreal@example.com', company_name: 'Boreal Ltda' });
  await call(admin, 58, 'POST', `/api/partners/${boreal.id}/hubs/RB-01`);
  const { token } = await call(admin, 59, 'POST', `/api/partners/${boreal.id}/generate-token`);
  const asBoreal = () => ({ id: boreal.id, headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() } });
  const customer = { name: 'Elisa Prado', email: 'elisa@example.com', phone: '11912345678' };
  await call(asBoreal(), 60, 'POST', '/api/partner/v1/reservations', { hub_id: 'RB-01', size: 'P', ...windowFromNow(1, 10), customer });
  const e = await call(asBoreal(), 61, 'POST', '/api/partner/v1/reservations', { hub_id: 'RB-01', size: 'P', ...windowFromNow(1, 12), customer });
  await call(asBoreal(), 62, 'POST', `/api/partner/v1/reservations/${e.id}/cancel`);
  // Settings (issue 27): two changes, the second overriding part of the first.
  await call(admin, 63, 'PUT', '/api/settings', { reservation_limit: 3, maintenance_mode: true });
  await call(admin, 64, 'PUT', '/api/settings', { maintenance_mode: false, company_name: 'Hub Rebuild' });
  // Sandbox tokens (issue 27 item 5): the second replaces the first; the live token stays.
  await call(admin, 65, 'POST', `/api/partners/${boreal.id}/generate-sandbox-token`);
  await call(admin, 66, 'POST', `/api/partners/${boreal.id}/generate-sandbox-token`);
  // Aurora, deactivated above, is active again before its webhooks (an inactive partner gets none).
  await call(admin, 66, 'PUT', `/api/partners/${aurora.id}`, { name: 'Aurora', email: 'aurora@example.com', company_name: 'Aurora SA', is_active: true });
  // Webhooks (issue 27 item 4): a partner booking before the endpoint (never queued for it), an
  // endpoint registered, paused and resumed, a second one removed; bookings paid and cancelled, one
  // while webhooks are off (nothing queued).
  const early = await partnerBooking(t, aurora.id, { hubId: 'RB-01', lockerId: m1! });
  const hook = await call(admin, 67, 'POST', `/api/partners/${aurora.id}/webhooks`, {
    url: 'https://aurora.example.com/hooks',
    events: ['reservation.created', 'reservation.paid', 'reservation.cancelled'],
  });
  const other = await call(admin, 68, 'POST', `/api/partners/${aurora.id}/webhooks`, { url: 'https://aurora.example.com/b', events: ['reservation.paid'] });
  await paid(t, early.reservationId);
  const late = await partnerBooking(t, aurora.id, { hubId: 'RB-01', lockerId: m1! });
  await call(admin, 69, 'PATCH', `/api/partners/${aurora.id}/webhooks/${hook.id}`, { paused: true });
  await cancelled(t, late.reservationId);
  // Refunds (issue 28): one asked for and settled, so the money tables (the finance CSV) are compared too.
  const refund = { refundId: 'LPREBUILD01', at: step(69).toISOString() };
  await appendReservationEvent(t, early.reservationId, 'RefundRequested', {
    ...refund,
    e2eid: null,
    amountCents: 1200,
    cause: 'late_payment',
    provider: 'simulated',
  });
  await appendReservationEvent(t, early.reservationId, 'RefundSettled', { ...refund, status: 'DEVOLVIDO', rtrId: null });
  await call(admin, 70, 'PATCH', `/api/partners/${aurora.id}/webhooks/${hook.id}`, { paused: false });
  t.clock.now = step(71);
  expect((await t.app.inject({ method: 'DELETE', url: `/api/partners/${aurora.id}/webhooks/${other.id}`, headers: admin.headers })).statusCode).toBe(204);
  await call(admin, 72, 'PUT', '/api/settings', { webhooks_enabled: false });
  await partnerBooking(t, aurora.id, { hubId: 'RB-01', lockerId: m1! });
  await call(admin, 73, 'PUT', '/api/settings', { webhooks_enabled: true });
  // A deactivated partner's endpoints get nothing queued: Boreal ends inactive.
  await call(admin, 74, 'PUT', `/api/partners/${boreal.id}`, { name: 'Boreal', email: 'boreal@example.com', company_name: 'Boreal Ltda', is_active: false });
  // Doors and controllers (issue 29 item 4): states reported (one late, from the offline queue), a
  // controller that went offline and came back, recorded by the sweep.
  await reportDoorState(t.store, { hubId: 'RB-01', lockerId: m1!, lockerOrder: 1, state: 'opened', at: step(75).toISOString() });
  await reportDoorState(t.store, { hubId: 'RB-01', lockerId: m1!, lockerOrder: 1, state: 'closed', at: step(76).toISOString() });
  await reportDoorState(t.store, { hubId: 'RB-01', lockerId: m1!, lockerOrder: 1, state: 'forced', at: step(74).toISOString(), offline: true });
  await reportDoorState(t.store, { hubId: 'RB-01', lockerId: p1!, lockerOrder: 2, state: 'jammed', at: step(77).toISOString(), source: 'renter' });
  const sweep = (n: number) => sweepControllers({ db: t.db, store: t.store, clock: () => step(n), offlineAfterMs: 90_000 });
  await recordHeartbeat(t.db, { hubId: 'RB-01', lastSeenAt: step(75), manifestIssuedAt: null });
  expect((await sweep(78)).map((e) => e.type)).toEqual(['ControllerWentOffline']);
  await catchUpAll(); // the sweep skips Hubs whose read model already agrees (a hint): let it see the transition
  await recordHeartbeat(t.db, { hubId: 'RB-01', lastSeenAt: step(79), manifestIssuedAt: null });
  expect((await sweep(79)).map((e) => e.type)).toEqual(['ControllerBackOnline']);
  await recordHeartbeat(t.db, { hubId: 'RB-03', lastSeenAt: step(75), manifestIssuedAt: null });
  expect((await sweep(80)).map((e) => e.type)).toEqual(['ControllerWentOffline']);
  // Alerts (issue 29): a jam reported, its alert raised (as the alert workers do), acknowledged and resolved.
  const jam = {
    id: randomUUID(),
    type: 'DoorStateReported',
    data: {
      reportId: randomUUID(),
      hubId: 'RB-01',
      lockerId: m1!,
      lockerOrder: 1,
      state: 'jammed',
      at: step(75).toISOString(),
      source: 'controller',
      reservationId: null,
      offline: false,
    },
    metadata: { actor: { id: 'controller', role: 'system' }, correlationId: randomUUID(), causationId: null, at: step(75).toISOString() },
  };
  await t.store.append('door-states-RB-01', [jam], 'any');
  const alertId = alertIdOf(jam.id);
  const worker = { actor: { id: 'worker', role: 'worker' }, correlationId: jam.id, now: step(76) };
  await raiseAlert(
    t.store,
    { alertId, kind: 'door_jammed', hubId: 'RB-01', lockerId: m1!, lockerOrder: 1, sourceEventId: jam.id, source: 'controller', at: jam.data.at },
    worker,
  );
  await acknowledgeAlert(t.store, alertId, adminCtx(77));
  await resolveAlert(t.store, alertId, 'Trocada', adminCtx(78));
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
      'alert_acknowledged',
      'alert_raised',
      'alert_resolved',
      'booked',
      'cancelled',
      'changed',
      'code_issued',
      'controller_offline',
      'controller_online',
      'deactivated',
      'door_state',
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
      'refund_requested',
      'refund_settled',
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
    expect(tables).toEqual(expect.arrayContaining(['rm_hubs', 'rm_lockers', 'rm_reservations', 'rm_locker_history', 'rm_money_movements']));
    expect(before.rm_money_movements!.map((r) => (JSON.parse(r) as { kind: string }).kind)).toEqual(expect.arrayContaining(['payment', 'refund']));
    // Partner bookings carry their partner and customer, and the rebuild must give them back.
    const partnerRows = before.rm_reservations!.map((r) => JSON.parse(r) as { partner_id: string | null; customer_name: string | null });
    expect(partnerRows.filter((r) => r.partner_id !== null).map((r) => r.customer_name)).toEqual(
      expect.arrayContaining(['Elisa Prado', 'Elisa Prado', 'Ana Souza']),
    );
    expect(partnerRows.filter((r) => r.partner_id === null).every((r) => r.customer_name === null)).toBe(true);
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
      'rm_webhook_endpoints',
      'rm_webhook_reservations',
      'rm_webhook_switch',
      'rm_webhook_inactive_partners',
      'rm_door_states',
      'rm_controller_transitions',
      'rm_alerts',
    ]) {
      expect(before[table]!.length, table).toBeGreaterThan(0);
    }
    const { rows: events } = await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events');
    // The webhook delivery log is no read model: the rebuild neither empties it nor adds to it.
    const deliveries = async () =>
      (await t.db.query<{ id: string; event_type: string }>('SELECT id, event_type FROM webhook_deliveries ORDER BY position_tx, position_seq, id')).rows;
    const queued = await deliveries();
    expect(queued.map((d) => d.event_type)).toEqual(['reservation.paid', 'reservation.paid', 'reservation.created', 'reservation.cancelled']);

    // The alerts' raising outbox is no read model either: kept as it was, nothing added.
    const triggers = async () => (await t.db.query('SELECT alert_id, source_event_id, kind FROM alert_triggers ORDER BY alert_id')).rows;
    const outbox = await triggers();
    // One per fact that raises an alert: the workload's jams, forced door and offline controller.
    const { rows: raising } = await t.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM events WHERE (type = 'DoorStateReported' AND data->>'state' IN ('jammed', 'forced', 'left_open')) OR type = 'ControllerWentOffline'`,
    );
    expect(outbox).toHaveLength(Number(raising[0]!.n));
    expect(outbox.length).toBeGreaterThan(1);

    const sums = await checksumReadModels(t.db, projectors);
    const rebuilt = await runRebuildScript(t.url);
    expect(rebuilt.code, rebuilt.output).toBe(0);
    for (const projector of projectors) expect(rebuilt.output).toContain(`[rebuild] ${projector.name}: ${events[0]!.n} events`);

    const after = await snapshot();
    for (const table of tables) expect(after[table], table).toEqual(before[table]);
    expect(await checksumReadModels(t.db, projectors)).toEqual(sums);
    expect(rebuilt.output).toMatch(/\[rebuild\] \d+% [\d,]+\/[\d,]+ events, /); // the progress lines
    expect(rebuilt.output).toContain('[rebuild] switched to the rebuilt read models');
    expect(await deliveries()).toEqual(queued);
    expect(await triggers()).toEqual(outbox);
  });
});
