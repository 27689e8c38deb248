// Issue 29 item 5 end to end on the API: a jammed door (DoorStateReported) raises one alert and
// mails the Hub's assigned staff once, even with two workers and the fact replayed; a controller
// gone offline raises a 'controller_offline' alert; an admin and an assigned logistics user
// acknowledge and resolve; another Hub's logistics user gets 404 and a renter 403; all of it in
// the Hub's and the locker's history.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControllerWentOfflineData, DoorStateReportedData } from '../../domain/doors/door-state-events.js';
import { controllerStreamId, doorStatesStreamId } from '../../domain/doors/door-state-events.js';
import type { NewEvent } from '../../infra/eventstore/port.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { alertIdOf } from '../../projections/alerts/alert-id.js';
import { alertsProjector } from '../../projections/alerts/alerts-projector.js';
import type { AlertWorkers } from '../../workers/alerts/alert-workers.js';
import { startAlertWorkers } from '../../workers/alerts/alert-workers.js';
import { assignStaff } from '../support/staff.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;

const fact = <D>(type: string, data: D): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actor: { id: 'controller', role: 'system' }, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() },
});

describe('alerts', () => {
  let t: TestApp;
  let admin: Account;
  let carlos: Account;
  let bia: Account;
  let renter: Account;
  let lockers: string[];
  let unstaffed: string[];
  let w1: AlertWorkers;
  let w2: AlertWorkers;
  const mailer = createMemoryMailer();
  const emails = new Map<string, string>();

  const get = (who: Account, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const post = (who: Account, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
  /** Both workers at once, as two replicas would, until nothing is left to raise or mail. */
  async function rounds(until: () => Promise<boolean>) {
    await waitUntil(async () => {
      await Promise.all([w1.runOnce(), w2.runOnce()]);
      return until();
    });
  }
  const mailsTo = (who: Account) => mailer.sent.filter((m) => m.to === emails.get(who.id));
  const alertOf = async (who: Account, id: string) =>
    ((await get(who, '/api/alerts')).json().alerts as { id: string; repeat_count: number }[]).find((a) => a.id === id);

  beforeAll(async () => {
    t = await startTestApp();
    lockers = await registerHub(t.store, 'AL-01', [{ size: 'M' }, { size: 'G' }]);
    await registerHub(t.store, 'AL-02', [{ size: 'M' }]);
    unstaffed = await registerHub(t.store, 'AL-03', [{ size: 'P' }]);
    [admin, carlos, bia, renter] = [
      await signUp(t, 'Chefe', 'admin'),
      await signUp(t, 'Carlos Lima', 'logistics'),
      await signUp(t, 'Bia Reis', 'logistics'),
      await signUp(t, 'Ana'),
    ];
    const { rows } = await t.db.query<{ id: string; email: string }>('SELECT id, email FROM users');
    for (const r of rows) emails.set(r.id, r.email);
    await assignStaff(t, carlos.id, ['AL-01']);
    await assignStaff(t, bia.id, ['AL-02']);
    const workers = () =>
      startAlertWorkers({ db: t.db, store: t.store, mailer, clock: () => new Date(), appUrl: 'http://hub.test', intervalMs: 60_000, log: () => {} });
    [w1, w2] = [workers(), workers()];
  });
  afterAll(async () => {
    await w1?.close();
    await w2?.close();
    await t?.close();
  });

  let jamId: string;
  let jamEvent: NewEvent;

  it('a jam reported by the renter raises one alert and mails the assigned staff once, with two workers and the fact replayed', async () => {
    const data: DoorStateReportedData = {
      reportId: randomUUID(),
      hubId: 'AL-01',
      lockerId: lockers[0]!,
      lockerOrder: 1,
      state: 'jammed',
      at: new Date().toISOString(),
      source: 'renter',
      reservationId: null,
      offline: false,
    };
    jamEvent = fact('DoorStateReported', data);
    // A door that opened and closed raises nothing.
    await t.store.append(doorStatesStreamId('AL-01'), [fact('DoorStateReported', { ...data, reportId: randomUUID(), state: 'opened' }), jamEvent], 'any');
    jamId = alertIdOf(jamEvent.id);

    await rounds(async () => mailsTo(carlos).length > 0 && (await alertOf(carlos, jamId)) !== undefined);
    const stream = await t.store.readStream(`alert-${jamId}`);
    expect(stream.map((e) => e.type)).toEqual(['AlertRaised']);
    expect(stream[0]!.data).toMatchObject({
      kind: 'door_jammed',
      hubId: 'AL-01',
      lockerId: lockers[0],
      lockerOrder: 1,
      sourceEventId: jamEvent.id,
      source: 'renter',
    });
    expect(stream[0]!.metadata.actor).toEqual({ id: 'worker', role: 'worker' });

    // The fact read again, as a rebuild or a second projector would, even with its outbox row gone.
    const stored = (await t.store.readStream(doorStatesStreamId('AL-01'))).find((e) => e.id === jamEvent.id)!;
    await t.db.query('DELETE FROM alert_triggers WHERE alert_id = $1', [jamId]);
    const client = await t.db.connect();
    try {
      await alertsProjector.apply(client, stored);
      await alertsProjector.apply(client, stored);
    } finally {
      client.release();
    }
    await rounds(async () => (await t.db.query('SELECT 1 FROM alert_triggers WHERE alert_id = $1 AND mails_planned_at IS NOT NULL', [jamId])).rowCount === 1);
    await Promise.all([w1.runOnce(), w2.runOnce()]);

    expect((await t.store.readStream(`alert-${jamId}`)).map((e) => e.type)).toEqual(['AlertRaised']);
    const { rows: alerts } = await t.db.query('SELECT alert_id FROM rm_alerts');
    expect(alerts).toEqual([{ alert_id: jamId }]);
    // One e-mail, to the Hub's staff only: not to another Hub's, nor to admins (someone is assigned).
    expect(mailsTo(carlos)).toHaveLength(1);
    expect(mailsTo(bia)).toHaveLength(0);
    expect(mailsTo(admin)).toHaveLength(0);
    const mail = mailsTo(carlos)[0]!;
    expect(mail.subject).toBe('Alerta: Porta emperrada — Hub AL-01 (AL-01), locker 01');
    expect(mail.text).toContain('Relatado por: cliente ("A porta não abriu")');
    expect(mail.text).toContain('http://hub.test/dashboard/alerts');
  });

  it('a controller gone offline raises a controller_offline alert for its Hub', async () => {
    const data: ControllerWentOfflineData = { hubId: 'AL-02', lastSeenAt: new Date(Date.now() - 120_000).toISOString(), detectedAt: new Date().toISOString() };
    const offline = fact('ControllerWentOffline', data);
    await t.store.append(controllerStreamId('AL-02'), [offline], 'any');
    const id = alertIdOf(offline.id);
    await rounds(async () => mailsTo(bia).length > 0 && (await alertOf(bia, id)) !== undefined);
    expect(await alertOf(bia, id)).toMatchObject({ kind: 'controller_offline', hub_id: 'AL-02', locker_id: null, source: 'monitor', status: 'open' });
    expect(mailsTo(bia)[0]!.subject).toBe('Alerta: Controlador offline — Hub AL-02 (AL-02)');
    expect(mailsTo(carlos)).toHaveLength(1);
  });

  it('a second jam of the same door while its alert is open is counted on it: no new alert, no new e-mail', async () => {
    const again = fact('DoorStateReported', { ...(jamEvent.data as DoorStateReportedData), reportId: randomUUID(), at: new Date().toISOString() });
    await t.store.append(doorStatesStreamId('AL-01'), [again], 'any');
    await rounds(async () => (await alertOf(carlos, jamId))?.repeat_count === 1);
    expect((await t.store.readStream(`alert-${jamId}`)).map((e) => e.type)).toEqual(['AlertRaised', 'AlertRepeated']);
    expect((await t.store.readStream(`alert-${alertIdOf(again.id)}`)).length).toBe(0);
    const { rows } = await t.db.query('SELECT counted_on FROM alert_triggers WHERE alert_id = $1', [alertIdOf(again.id)]);
    expect(rows).toEqual([{ counted_on: jamId }]);
    await Promise.all([w1.runOnce(), w2.runOnce()]);
    expect(mailsTo(carlos)).toHaveLength(1);
  });

  it('lists alerts by who may see them: admins all, logistics their Hubs, renters refused', async () => {
    const all = (await get(admin, '/api/alerts')).json();
    expect(all.alerts.map((a: { hub_id: string }) => a.hub_id).sort()).toEqual(['AL-01', 'AL-02']);
    expect(all.counts).toEqual({ open: 2, acknowledged: 0 });
    const carlosList = (await get(carlos, '/api/alerts')).json();
    expect(carlosList.alerts.map((a: { id: string }) => a.id)).toEqual([jamId]);
    expect(carlosList.counts).toEqual({ open: 1, acknowledged: 0 });
    expect((await get(admin, '/api/alerts?hub_id=al-02')).json().alerts).toHaveLength(1);
    expect((await get(renter, '/api/alerts')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/alerts' })).statusCode).toBe(401);
    expect((await get(admin, '/api/alerts?status=closed')).statusCode).toBe(400);
  });

  it('another Hub’s logistics user gets 404; the assigned one acknowledges and resolves; twice is a 409', async () => {
    expect((await post(bia, `/api/alerts/${jamId}/ack`)).statusCode).toBe(404);
    expect((await post(bia, `/api/alerts/${jamId}/resolve`, { note: 'x' })).json().error.code).toBe('not_found');
    expect((await post(renter, `/api/alerts/${jamId}/ack`)).statusCode).toBe(403);
    expect((await post(carlos, `/api/alerts/${randomUUID()}/ack`)).statusCode).toBe(404);

    const acked = await post(carlos, `/api/alerts/${jamId}/ack`);
    expect(acked.statusCode).toBe(200);
    expect(acked.json()).toMatchObject({ id: jamId, status: 'acknowledged', acknowledged_by: { id: carlos.id, name: 'Carlos Lima' } });
    // Acknowledging again writes nothing and answers the same.
    expect((await post(carlos, `/api/alerts/${jamId}/ack`)).json().status).toBe('acknowledged');
    expect((await get(admin, '/api/alerts')).json().counts).toEqual({ open: 1, acknowledged: 1 });
    // Open first, then acknowledged.
    expect((await get(admin, '/api/alerts')).json().alerts.map((a: { status: string }) => a.status)).toEqual(['open', 'acknowledged']);

    const resolved = await post(carlos, `/api/alerts/${jamId}/resolve`, { note: 'Trava destravada e testada.' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', resolved_by: { name: 'Carlos Lima' }, note: 'Trava destravada e testada.' });
    const again = await post(carlos, `/api/alerts/${jamId}/resolve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'alert_resolved', message: 'Este alerta já foi resolvido.' });
    expect((await post(admin, `/api/alerts/${jamId}/ack`)).statusCode).toBe(409);
    expect((await t.store.readStream(`alert-${jamId}`)).map((e) => e.type)).toEqual(['AlertRaised', 'AlertRepeated', 'AlertAcknowledged', 'AlertResolved']);
  });

  it('an admin resolves any Hub’s alert directly, without a body', async () => {
    const offline = (await get(admin, '/api/alerts?status=open')).json().alerts[0];
    expect(offline.kind).toBe('controller_offline');
    const res = await post(admin, `/api/alerts/${offline.id}/resolve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'resolved', resolved_by: { id: admin.id, name: 'Chefe' }, note: null, acknowledged_by: null });
    expect((await get(bia, '/api/alerts')).json().counts).toEqual({ open: 0, acknowledged: 0 });
  });

  it('puts raised, acknowledged and resolved in the Hub’s and the locker’s history, with the actor’s name', async () => {
    const sentences = async (url: string) =>
      ((await get(admin, url)).json().items as { kind: string; sentence: string }[]).filter((i) => i.kind.startsWith('alert_'));
    await waitUntil(async () => (await sentences('/api/hubs/AL-01/history')).length === 3);
    expect((await sentences('/api/hubs/AL-01/history')).map((i) => i.sentence)).toEqual([
      'Alerta "Porta emperrada" do Locker 01 resolvido por Carlos Lima ("Trava destravada e testada.").',
      'Alerta "Porta emperrada" do Locker 01 reconhecido por Carlos Lima.',
      'Locker 01: alerta "Porta emperrada" aberto (o cliente relatou que a porta não abriu).',
    ]);
    expect(await sentences(`/api/lockers/${lockers[0]}/history`)).toHaveLength(3);
    await waitUntil(async () => (await sentences('/api/hubs/AL-02/history')).length === 2);
    expect((await sentences('/api/hubs/AL-02/history')).map((i) => i.sentence)).toEqual([
      'Alerta "Controlador offline" do Hub AL-02 resolvido por Chefe.',
      'Hub AL-02: alerta "Controlador offline" aberto.',
    ]);
  });

  it('mails the admins when nobody is assigned to the Hub, so no alert goes unheard', async () => {
    const forced = fact('DoorStateReported', {
      reportId: randomUUID(),
      hubId: 'AL-03',
      lockerId: unstaffed[0]!,
      lockerOrder: 1,
      state: 'forced',
      at: new Date().toISOString(),
      source: 'controller',
      reservationId: null,
      offline: false,
    } satisfies DoorStateReportedData);
    await t.store.append(doorStatesStreamId('AL-03'), [forced], 'any');
    await rounds(async () => mailsTo(admin).length > 0);
    await Promise.all([w1.runOnce(), w2.runOnce()]);
    expect(mailsTo(admin).map((m) => m.subject)).toEqual(['Alerta: Porta arrombada / aberta sem comando — Hub AL-03 (AL-03), locker 01']);
    expect(mailsTo(carlos)).toHaveLength(1);
    expect(mailsTo(bia)).toHaveLength(1);
    // Nobody works AL-03: its alert is the admins' only.
    expect((await get(carlos, '/api/alerts')).json().alerts.map((a: { hub_id: string }) => a.hub_id)).not.toContain('AL-03');
  });
});
