// Issue 29: a jammed door reported by the controller (not by the renter) moves the renter at once
// to a free locker of the same size in the same Hub, takes the jammed locker out of service,
// raises one alert and e-mails the Hub's assigned staff once, however often the batch is sent.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from '../../api/controller/controller-signature.js';
import { doorStatesStreamId } from '../../domain/doors/door-state-events.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import type { AlertWorkers } from '../../workers/alerts/alert-workers.js';
import { startAlertWorkers } from '../../workers/alerts/alert-workers.js';
import { assignStaff } from '../support/staff.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';

const HOUR = 3_600_000;
const KEY = 'SECRET1234';

describe('a jam the controller reports', () => {
  let t: TestApp;
  let workers: AlertWorkers[];
  let lockers: string[];
  const mailer = createMemoryMailer();

  /** A signed call as the Hub's controller, `secondsLater` after the test clock (a retry re-signs). */
  const signed = (path: string, body: object, secondsLater = 0) => {
    const raw = JSON.stringify(body);
    const headers = signedHeaders(KEY, path, raw, t.clock.read().getTime() + secondsLater * 1000);
    return t.app.inject({ method: 'POST', url: path, headers, payload: raw });
  };

  beforeAll(async () => {
    t = await startTestApp();
    lockers = await registerHub(t.store, 'CJ-01', [{ size: 'M' }, { size: 'M' }, { size: 'G' }]);
    const runOnce = () =>
      startAlertWorkers({ db: t.db, store: t.store, mailer, clock: () => new Date(), appUrl: 'http://hub.test', intervalMs: 60_000, log: () => {} });
    workers = [runOnce(), runOnce()];
  });
  afterAll(async () => {
    for (const w of workers ?? []) await w.close();
    await t?.close();
  });

  it('moves the renter, takes the locker out of service, and alerts and mails the staff once', async () => {
    const ana = await signUp(t, 'Ana');
    const carlos = await signUp(t, 'Carlos Lima', 'logistics');
    await assignStaff(t, carlos.id, ['CJ-01']);
    const start = Date.now() - 60_000;
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: ana.headers,
      payload: { hub_id: 'CJ-01', size: 'M', start_time: new Date(start).toISOString(), end_time: new Date(start + 2 * HOUR).toISOString() },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as string;
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: ana.headers, payload: { method: 'pix' } })).statusCode).toBe(200);
    expect(booked.json().locker.id).toBe(lockers[0]);

    // The code opens locker 01 through the signed door check; then the door reports it jammed.
    const requestId = randomUUID();
    const opened = await signed('/api/otp/validate/CJ-01', { code: booked.json().access_code, request_id: requestId });
    expect(opened.statusCode, opened.body).toBe(200);
    await waitUntil(async () => (await t.db.query('SELECT 1 FROM rm_reservations WHERE id = $1 AND door_opened_at IS NOT NULL', [id])).rowCount === 1);
    const batch = { events: [{ id: randomUUID(), type: 'door_state', at: new Date().toISOString(), locker_order: 1, state: 'jammed', request_id: requestId }] };
    const first = await signed('/api/controller/CJ-01/events', batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ accepted: 1, duplicates: 0 });
    // The controller did not hear the answer and sends the batch again, signed anew.
    const again = await signed('/api/controller/CJ-01/events', batch, 1);
    expect(again.json()).toEqual({ accepted: 0, duplicates: 1 });

    // Moved to the other M locker of the Hub, price unchanged; the jammed one is out of service.
    const now = await t.app.inject({ method: 'GET', url: `/api/reservations/${id}`, headers: ana.headers });
    expect(now.json()).toMatchObject({ status: 'active', price: booked.json().price, locker: { id: lockers[1], size: 'M' } });
    const moves = (await t.store.readStream(`reservation-${id}`)).filter((e) => e.type === 'ReservationMoved');
    expect(moves).toHaveLength(1);
    const hubEvents = await t.store.readStream(hubStreamId('CJ-01'));
    expect(hubEvents.filter((e) => e.type === 'LockerDeactivated').map((e) => (e.data as { lockerId: string }).lockerId)).toEqual([lockers[0]]);
    // The new locker opens with the renter's current code; the old code no longer opens anything.
    const code = await t.app.inject({ method: 'GET', url: `/api/reservations/${id}/access-code`, headers: ana.headers });
    const newDoor = await signed('/api/otp/validate/CJ-01', { code: code.json().code, request_id: randomUUID() }, 2);
    expect(newDoor.json()).toMatchObject({ lockerOrder: 2, reservationId: id });
    const oldCode = await signed('/api/otp/validate/CJ-01', { code: booked.json().access_code, request_id: randomUUID() }, 3);
    expect(oldCode.statusCode).toBe(403);

    // One jam recorded, one alert raised and one e-mail to the Hub's staff, with two workers.
    const jams = (await t.store.readStream(doorStatesStreamId('CJ-01'))).filter((e) => (e.data as { state: string }).state === 'jammed');
    expect(jams.map((e) => (e.data as { source: string; reservationId: string }).reservationId)).toEqual([id]);
    const alerts = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/alerts', headers: carlos.headers })).json().alerts as { kind: string; hub_id: string }[];
    await waitUntil(async () => {
      await Promise.all(workers.map((w) => w.runOnce()));
      return (await alerts()).length === 1 && mailer.sent.length >= 1;
    });
    await Promise.all(workers.map((w) => w.runOnce()));
    expect((await alerts()).map((a) => [a.kind, a.hub_id])).toEqual([['door_jammed', 'CJ-01']]);
    const { rows } = await t.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [carlos.id]);
    expect(mailer.sent.map((m) => m.to)).toEqual([rows[0]!.email]);
  });
});
