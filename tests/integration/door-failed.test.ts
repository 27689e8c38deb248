// "A porta não abriu" (issue 29 item 6) against real PostgreSQL: a renter whose code opened the
// door reports that it did not; Hub records the jam once, takes the locker out of service and
// moves the renter to a free locker of the same size in the same Hub with a fresh code (or says
// plainly that none is free), and charges nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from '../../api/controller/controller-signature.js';
import { doorStatesStreamId } from '../../domain/doors/door-state-events.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;
type Reservation = { id: string; price: number; hub_id: string; locker: { id: string; size: string; order_number: number }; door_opened_at?: string | null };
const HOUR = 3_600_000;
const MONEY = ['PaymentConfirmed', 'PixChargeCreated', 'ReservationExtended', 'RefundRequested', 'LatePaymentReceived'];

describe('issue 29 item 6: POST /api/reservations/{id}/door-failed', () => {
  let t: TestApp;
  let admin: Account;
  let ana: Account;
  let bruno: Account;
  let carla: Account;
  let davi: Account;
  const start = Math.floor(Date.now() / 60_000) * 60_000;
  let lockers: string[];

  const call = (method: 'GET' | 'POST', url: string, who: Account, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...who.headers, ...headers }, ...(payload ? { payload } : {}) });
  const reportFailure = (id: string, who: Account, key?: string) =>
    call('POST', `/api/reservations/${id}/door-failed`, who, undefined, key ? { 'idempotency-key': key } : {});

  async function bookAndPay(who: Account, hubId: string, size: string, fromMs: number, toMs: number) {
    const booked = await call('POST', '/api/reservations/by-size', who, {
      hub_id: hubId,
      size,
      start_time: new Date(fromMs).toISOString(),
      end_time: new Date(toMs).toISOString(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const paid = await call('POST', `/api/reservations/${booked.json().id}/pay`, who, { method: 'pix' });
    expect(paid.statusCode, paid.body).toBe(200);
    return booked.json<Reservation & { access_code: string | null }>();
  }

  /** The Hub's door controller, signed with the Hub's key. */
  function doorCheck(hubId: string, code: string) {
    const path = `/api/otp/validate/${hubId}`;
    const raw = JSON.stringify({ code, request_id: randomUUID() });
    return t.app.inject({ method: 'POST', url: path, headers: signedHeaders('SECRET1234', path, raw, t.clock.read().getTime()), payload: raw });
  }

  const typesOf = async (stream: string) => (await t.store.readStream(stream)).map((e) => e.type);
  const moneyOf = async (id: string) => (await typesOf(`reservation-${id}`)).filter((type) => MONEY.includes(type));
  const jamsOf = async (hubId: string) =>
    (await t.store.readStream(doorStatesStreamId(hubId))).filter((e) => e.type === 'DoorStateReported').map((e) => e.data as Record<string, unknown>);
  async function lockerStatus(hubId: string, lockerId: string) {
    const hub = await t.store.readStream(hubStreamId(hubId));
    const last = hub.filter((e) => ['LockerDeactivated', 'LockerActivated'].includes(e.type) && (e.data as { lockerId: string }).lockerId === lockerId).at(-1);
    return last ? { type: last.type, data: last.data as Record<string, unknown>, actor: last.metadata.actor } : null;
  }

  beforeAll(async () => {
    t = await startTestApp();
    lockers = await registerHub(t.store, 'DF-01', [{ size: 'M' }, { size: 'M' }, { size: 'G' }]);
    await registerHub(t.store, 'DF-02', [{ size: 'M' }, { size: 'G' }]);
    await registerHub(t.store, 'DF-03', [{ size: 'P' }, { size: 'P' }]);
    admin = await signUp(t, 'Chefe', 'admin');
    [ana, bruno, carla, davi] = [await signUp(t, 'Ana'), await signUp(t, 'Bruno'), await signUp(t, 'Carla'), await signUp(t, 'Davi')];
  });
  afterAll(async () => t?.close());

  it('moves the renter whose code opened the door to a free locker of the same size, with a fresh code, once, at no charge', async () => {
    const a = await bookAndPay(ana, 'DF-01', 'M', start, start + 2 * HOUR);
    // Davi's later booking lands on the same locker: the locker going out of service moves it too.
    const d = await bookAndPay(davi, 'DF-01', 'M', start + 3 * HOUR, start + 4 * HOUR);
    expect(a.locker.id).toBe(lockers[0]);
    expect(d.locker.id).toBe(lockers[0]);
    expect(a.access_code).toMatch(/^\d{6}$/);

    // Before the code opened anything: refused, plainly.
    const early = await reportFailure(a.id, ana);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.code).toBe('door_not_opened');
    expect(await jamsOf('DF-01')).toEqual([]);

    const opened = await doorCheck('DF-01', a.access_code!);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ lockerOrder: 1, reservationId: a.id });
    // The reservation now shows the opening: the access page offers the report.
    await waitUntil(async () => Boolean((await call('GET', `/api/reservations/${a.id}`, ana)).json<Reservation>().door_opened_at));
    const moneyBefore = await moneyOf(a.id);

    // Someone else, even an admin: 404, and nothing recorded.
    for (const who of [carla, admin]) {
      const refused = await reportFailure(a.id, who);
      expect(refused.statusCode, refused.body).toBe(404);
    }
    expect(await jamsOf('DF-01')).toEqual([]);

    const key = randomUUID();
    const reported = await reportFailure(a.id, ana, key);
    expect(reported.statusCode, reported.body).toBe(200);
    const answer = reported.json<{ outcome: string; message: string; reservation: Reservation; access_code: { code: string; expiresIn: number } | null }>();
    expect(answer.outcome).toBe('moved');
    expect(answer.message).toBe('Mudamos você para o locker 02. Use o novo código.');
    expect(answer.reservation).toMatchObject({ id: a.id, hub_id: 'DF-01', price: a.price, locker: { id: lockers[1], size: 'M', order_number: 2 } });
    expect(answer.reservation.door_opened_at ?? null).toBeNull();
    expect(answer.access_code!.code).toMatch(/^\d{6}$/);
    expect(answer.access_code!.code).not.toBe(a.access_code);
    expect(answer.access_code!.expiresIn).toBeGreaterThan(200);

    // Retried, with the key (the kept answer) or without (the move found): the same, nothing twice.
    const again = await reportFailure(a.id, ana, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'moved', reservation: { locker: { id: lockers[1] } }, access_code: { code: answer.access_code!.code } });
    const noKey = await reportFailure(a.id, ana);
    expect(noKey.statusCode, noKey.body).toBe(200);
    expect(noKey.json()).toMatchObject({ outcome: 'moved', reservation: { locker: { id: lockers[1] } }, access_code: { code: answer.access_code!.code } });
    expect(await jamsOf('DF-01')).toHaveLength(1);
    expect((await typesOf(`reservation-${a.id}`)).filter((type) => type === 'ReservationMoved')).toHaveLength(1);

    // The jam is recorded once, as the renter's report of locker 1.
    const jams = await jamsOf('DF-01');
    expect(jams).toHaveLength(1);
    expect(jams[0]).toMatchObject({
      hubId: 'DF-01',
      lockerId: lockers[0],
      lockerOrder: 1,
      state: 'jammed',
      source: 'renter',
      reservationId: a.id,
      offline: false,
    });

    // Locker 1 is out of service, by the renter, with the reason; Davi's booking moved off it.
    expect(await lockerStatus('DF-01', lockers[0]!)).toMatchObject({
      type: 'LockerDeactivated',
      data: { reason: 'a porta não abriu (aviso do cliente)' },
      actor: { id: ana.id },
    });
    const davis = (await call('GET', `/api/reservations/${d.id}`, davi)).json<Reservation>();
    expect(davis.locker.id).not.toBe(lockers[0]);

    // The fresh code opens the new door through the signed route; the old one no longer opens.
    const oldCode = await doorCheck('DF-01', a.access_code!);
    expect(oldCode.statusCode, oldCode.body).toBe(403);
    const newCode = await doorCheck('DF-01', answer.access_code!.code);
    expect(newCode.statusCode, newCode.body).toBe(200);
    expect(newCode.json()).toMatchObject({ lockerOrder: 2, reservationId: a.id });
    // The access page's GET shows the same code, not another one.
    const current = await call('GET', `/api/reservations/${a.id}/access-code`, ana);
    expect(current.json().code).toBe(answer.access_code!.code);

    // Once the new door has opened, a report is about it: a new jam, of locker 2 (no other M is left).
    const later = await reportFailure(a.id, ana);
    expect(later.json()).toMatchObject({ outcome: 'none_free', reservation: { locker: { id: lockers[1] } } });
    expect((await jamsOf('DF-01')).map((jam) => jam.lockerOrder)).toEqual([1, 2]);

    // Never a charge: price and payments as before.
    expect(await moneyOf(a.id)).toEqual(moneyBefore);
    const after = (await call('GET', `/api/reservations/${a.id}`, ana)).json<Reservation>();
    expect(after.price).toBe(a.price);
  });

  it('says plainly that no locker of the size is free, and leaves the reservation where it is', async () => {
    const b = await bookAndPay(bruno, 'DF-02', 'M', start, start + HOUR);
    const opened = await doorCheck('DF-02', b.access_code!);
    expect(opened.statusCode, opened.body).toBe(200);

    const reported = await reportFailure(b.id, bruno);
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json()).toMatchObject({
      outcome: 'none_free',
      message: 'Nenhum outro locker M está livre neste Hub agora. A equipe foi avisada e vai ajudar você.',
      reservation: { id: b.id, price: b.price, locker: { id: b.locker.id } },
      access_code: null,
    });
    // The jam is there for staff's alert, and the locker is out of service; a retry records nothing more.
    const retried = await reportFailure(b.id, bruno);
    expect(retried.json().outcome).toBe('none_free');
    const jams = await jamsOf('DF-02');
    expect(jams).toHaveLength(1);
    expect(jams[0]).toMatchObject({ lockerId: b.locker.id, state: 'jammed', source: 'renter', reservationId: b.id });
    expect((await lockerStatus('DF-02', b.locker.id))?.type).toBe('LockerDeactivated');
    expect((await typesOf(`reservation-${b.id}`)).includes('ReservationMoved')).toBe(false);
  });
  it('two reports of the same opening at once (a double tap, no key): one jam, one move, the same answer', async () => {
    const e = await bookAndPay(carla, 'DF-03', 'P', start, start + HOUR);
    expect((await doorCheck('DF-03', e.access_code!)).statusCode).toBe(200);
    const answers = await Promise.all([reportFailure(e.id, carla), reportFailure(e.id, carla)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const [first, second] = answers.map((a) => a.json<{ outcome: string; reservation: Reservation; access_code: { code: string } | null }>());
    expect(first!.outcome).toBe('moved');
    expect(second).toMatchObject({
      outcome: 'moved',
      reservation: { locker: { id: first!.reservation.locker.id } },
      access_code: { code: first!.access_code!.code },
    });
    expect(await jamsOf('DF-03')).toHaveLength(1);
    expect((await typesOf(`reservation-${e.id}`)).filter((type) => type === 'ReservationMoved')).toHaveLength(1);
  });
});
