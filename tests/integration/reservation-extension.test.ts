// Issue 28 item 6 on real PostgreSQL: extending a reservation moves its end, holds the extra time
// in the locker's day schedules (a booking there is refused), races a booking of the same locker
// with exactly one winner, and is refused past the maximum hours, to anyone but its owner, and
// never twice for one Idempotency-Key.
import { REMINDER_JOB } from '../../commands/reminder-schedule.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingCache } from '../../commands/booking-cache.js';
import type { CommandDeps } from '../../commands/deps.js';
import { extendReservation } from '../../commands/extend-reservation.js';
import { confirmPayment } from '../../commands/reservation-commands.js';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import { periodsOf } from '../../domain/schedule/locker-schedule.js';
import { liveBookings, overlappingPairs } from '../support/locker-schedules.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowStartingNow } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;
const HOUR = 3_600_000;
let hubs = 0;
/** A fresh Hub id (XX-00) for each test's own Hub. */
const nextHubId = () => `EX-${String(++hubs).padStart(2, '0')}`;

describe('extending a reservation', () => {
  let t: TestApp;
  let ana: Account;
  let bruno: Account;
  let admin: Account;
  const book = (who: Account, hubId: string, window: { start_time: string; end_time: string }) =>
    t.app.inject({ method: 'POST', url: '/api/reservations/by-size', headers: who.headers, payload: { hub_id: hubId, size: 'M', ...window } });
  const pay = (who: Account, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: who.headers, payload: { method: 'pix' } });
  const quote = (who: Account, id: string, hours: number) =>
    t.app.inject({ method: 'GET', url: `/api/reservations/${id}/extension?hours=${hours}`, headers: who.headers });
  const extend = (who: Account, id: string, hours: number, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/reservations/${id}/extend`,
      headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { hours, method: 'credit_card' },
    });
  /** A paid reservation of Ana's that has begun, on a Hub of its own with one M locker. */
  async function activeReservation(hours = 1) {
    const hubId = nextHubId();
    const [lockerId] = await registerHub(t.store, hubId, [{ size: 'M', priceCents: 750 }]);
    const booked = await book(ana, hubId, windowStartingNow(hours));
    expect(booked.statusCode).toBe(201);
    const paid = await pay(ana, booked.json().id);
    expect(paid.statusCode).toBe(200);
    return { hubId, lockerId: lockerId!, reservation: paid.json<{ id: string; start_time: string; end_time: string; price: number }>() };
  }

  beforeAll(async () => {
    t = await startTestApp();
    [ana, bruno, admin] = [await signUp(t, 'Ana'), await signUp(t, 'Bruno'), await signUp(t, 'Chefe', 'admin')];
  });
  afterAll(async () => t?.close());

  it('by 2 h: the quote first, then the end moves, the price grows, the code runs on and the schedule holds the time', async () => {
    const { hubId, lockerId, reservation } = await activeReservation();
    const newEnd = new Date(Date.parse(reservation.end_time) + 2 * HOUR).toISOString();
    const q = await quote(ana, reservation.id, 2);
    expect(q.statusCode).toBe(200);
    expect(q.json()).toEqual({ available: true, price_cents: 1500, end_time: newEnd, free_until: null });

    const res = await extend(ana, reservation.id, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: reservation.id, status: 'active', end_time: newEnd, price: reservation.price + 1500 });
    // A new code, good for its full 300 s (the old one was cut short at the old end only near it).
    const code = await t.app.inject({ method: 'GET', url: `/api/reservations/${reservation.id}/access-code`, headers: ana.headers });
    expect(code.statusCode).toBe(200);
    expect(code.json().expiresIn).toBeGreaterThan(250);
    const read = await t.app.inject({ method: 'GET', url: `/api/reservations/${reservation.id}`, headers: ana.headers });
    expect(read.json().end_time).toBe(newEnd);

    // The extra time is held: another renter's booking of that locker in it is refused.
    const extra = { start_time: reservation.end_time, end_time: new Date(Date.parse(reservation.end_time) + HOUR).toISOString() };
    const theirs = await book(bruno, hubId, extra);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().error.code).toBe('no_locker_available');
    const days = periodsOf(new Date(reservation.start_time), new Date(newEnd));
    expect(await liveBookings(t.store, lockerId, days)).toEqual([{ startMs: Date.parse(reservation.start_time), endMs: Date.parse(newEnd) }]);

    // The read model and the audit trail follow.
    await waitUntil(async () => {
      const { rows } = await t.db.query('SELECT end_time FROM rm_reservations WHERE id = $1', [reservation.id]);
      return rows[0]?.end_time.toISOString() === newEnd;
    });
    await waitUntil(async () => {
      const { rows } = await t.db.query(`SELECT data FROM rm_locker_history WHERE reservation_id = $1 AND kind = 'extended'`, [reservation.id]);
      return rows.length === 1 && rows[0].data.hours === 2;
    });
    // The dashboard's stats keep the longer window (its booked hours grow with it).
    await waitUntil(async () => {
      const { rows } = await t.db.query('SELECT end_time FROM stats_reservations WHERE id = $1', [reservation.id]);
      return rows[0]?.end_time.toISOString() === newEnd;
    });
    // The Hub as it will be an hour after the old end: the extended booking still holds the locker.
    const at = new Date(Date.parse(reservation.end_time) + HOUR).toISOString();
    const asOf = await t.app.inject({ method: 'GET', url: `/api/hubs/${hubId}/as-of?at=${encodeURIComponent(at)}`, headers: admin.headers });
    expect(asOf.statusCode).toBe(200);
    const bookings = asOf.json<{ lockers: { bookings: { reservation_id: string; end_time: string }[] }[] }>().lockers.flatMap((l) => l.bookings);
    expect(bookings).toEqual([expect.objectContaining({ reservation_id: reservation.id, end_time: newEnd })]);
  });

  it('a booking right after the end blocks the extension and says until when the locker is free', async () => {
    const { hubId, reservation } = await activeReservation();
    const after = {
      start_time: new Date(Date.parse(reservation.end_time) + HOUR).toISOString(),
      end_time: new Date(Date.parse(reservation.end_time) + 3 * HOUR).toISOString(),
    };
    const theirs = await book(bruno, hubId, after);
    expect(theirs.statusCode).toBe(201);
    expect((await quote(ana, reservation.id, 1)).json()).toMatchObject({ available: true, free_until: null });
    expect((await quote(ana, reservation.id, 2)).json()).toMatchObject({ available: false, price_cents: 1500, free_until: after.start_time });
    const refused = await extend(ana, reservation.id, 2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'locker_busy',
      message: expect.stringMatching(/^Este locker está livre só até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/),
    });
    expect((await extend(ana, reservation.id, 1)).statusCode).toBe(200);
  });

  it('refused past the maximum hours, for other hours, unpaid, and to anyone but its owner (404); an admin may', async () => {
    const { reservation } = await activeReservation(45);
    const tooLong = await quote(ana, reservation.id, 6);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toEqual({ code: 'too_long', message: 'Com esta extensão a reserva passaria do máximo de 48 horas.' });
    expect((await extend(ana, reservation.id, 6)).json().error.code).toBe('too_long');
    expect((await quote(ana, reservation.id, 4)).statusCode).toBe(400);
    expect((await extend(ana, reservation.id, 5)).statusCode).toBe(400);
    expect((await quote(bruno, reservation.id, 1)).statusCode).toBe(404);
    const notOwner = await extend(bruno, reservation.id, 1);
    expect(notOwner.statusCode).toBe(404);
    expect(notOwner.json().error.code).toBe('not_found');
    expect((await extend(admin, reservation.id, 3)).statusCode).toBe(200);

    const hubId = nextHubId();
    await registerHub(t.store, hubId, [{ size: 'M' }]);
    const carla = await signUp(t, 'Carla');
    const unpaid = (await book(carla, hubId, windowStartingNow(1))).json();
    const refused = await extend(carla, unpaid.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('reservation_not_active');
  });

  it('a retry with the same Idempotency-Key extends once', async () => {
    const { reservation } = await activeReservation();
    const key = randomUUID();
    const [a, b] = [await extend(ana, reservation.id, 1, key), await extend(ana, reservation.id, 1, key)];
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().end_time).toBe(a.json().end_time);
    const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'ReservationExtended'`, [
      `reservation-${reservation.id}`,
    ]);
    expect(rows[0].n).toBe(1);
    // Below the HTTP layer too (its kept answer lost): the command finds what the key wrote.
    const deps = aProcess();
    const retry = { ...ctx(), idempotencyKey: randomUUID() };
    const first = await extendReservation(deps, reservation.id, { hours: 2, method: 'pix' }, retry);
    const again = await extendReservation(deps, reservation.id, { hours: 2, method: 'pix' }, { ...retry, now: new Date() });
    expect(again.events).toEqual([]);
    expect(again.state).toEqual(first.state);
  });

  /** One simulated API process: the shared database, a booking cache of its own. */
  const aProcess = (queue = t.queue): CommandDeps => ({
    db: t.db,
    store: t.store,
    queue,
    codeSecret: 'races'.repeat(8),
    clock: () => new Date(),
    maxReservationHours: 48,
    awaitProjections: async () => true,
    log: { warn: () => {} },
    bookingCache: createBookingCache(),
  });
  const ctx = () => ({ actor: { id: 'racer', role: 'user' }, correlationId: randomUUID(), now: new Date() });

  it('the expiry job moves to the new end', async () => {
    const scheduled: { name: string; runAt: Date; jobId: string }[] = [];
    const queue = {
      ...t.queue,
      schedule: async (name: string, payload: object, opts: { runAt: Date; jobId: string }) => void scheduled.push({ name, ...opts }),
    };
    const deps = aProcess(queue);
    const hubId = nextHubId();
    await registerHub(t.store, hubId, [{ size: 'M' }]);
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const mine = await reserveBySize(
      deps,
      { userId: randomUUID(), hubId, size: 'M', start, end: new Date(start.getTime() + HOUR), canUsePrivateHub: false },
      ctx(),
    );
    await confirmPayment(deps, mine.reservationId, { method: 'pix', amountCents: 500 }, ctx());
    await extendReservation(deps, mine.reservationId, { hours: 3, method: 'credit_card' }, ctx());
    // The reminders (ADR 0023) are scheduled beside it and follow the same end.
    expect(scheduled.filter((job) => job.name === 'reservation.expire').at(-1)).toEqual({
      name: 'reservation.expire',
      jobId: mine.reservationId,
      runAt: new Date(start.getTime() + 4 * HOUR),
    });
    const reminders = scheduled.filter((job) => job.name === REMINDER_JOB).slice(-2);
    expect(reminders.map((job) => job.runAt)).toEqual([new Date(start.getTime() + 4 * HOUR - 30 * 60_000), new Date(start.getTime() + 4 * HOUR)]);
  });

  it('an extension and a booking of the same locker racing from two processes: exactly one wins', async () => {
    for (let round = 0; round < 6; round++) {
      const [here, elsewhere] = [aProcess(), aProcess()];
      const hubId = nextHubId();
      const [lockerId] = await registerHub(t.store, hubId, [{ size: 'M' }]);
      const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
      const end = new Date(start.getTime() + HOUR);
      const mine = await reserveBySize(here, { userId: randomUUID(), hubId, size: 'M', start, end, canUsePrivateHub: false }, ctx());
      await confirmPayment(here, mine.reservationId, { method: 'pix', amountCents: 500 }, ctx());
      const outcomes = await Promise.allSettled([
        extendReservation(here, mine.reservationId, { hours: 2, method: 'credit_card' }, ctx()),
        reserveBySize(
          elsewhere,
          { userId: randomUUID(), hubId, size: 'M', start: new Date(end.getTime() + HOUR), end: new Date(end.getTime() + 2 * HOUR), canUsePrivateHub: false },
          ctx(),
        ),
      ]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      expect(won).toHaveLength(1);
      const lost = outcomes.find((o) => o.status === 'rejected');
      expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: outcomes[0].status === 'fulfilled' ? 'no_locker_available' : 'locker_busy' });
      const days = periodsOf(start, new Date(end.getTime() + 3 * HOUR));
      expect(overlappingPairs(await liveBookings(t.store, lockerId!, days))).toEqual([]);
    }
  });
});
