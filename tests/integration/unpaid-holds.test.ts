// Issue 24 item 10: a free account kept size P of BH-01 blocked for 48 h with 4 unpaid holds,
// renewing them as soon as it cancelled or let them expire. ADR 0016: one unpaid hold at a time,
// and holds dropped unpaid beyond two a day make the renter wait, longer each time. Decided on the
// renter's own stream, appended with every booking at its expected version, so neither parallel
// requests nor API processes with their own booking caches get around it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingCache } from '../../commands/booking-cache.js';
import type { CommandDeps } from '../../commands/deps.js';
import { confirmPayment, endReservation } from '../../commands/reservation-commands.js';
import type { ReserveBySizeResult } from '../../commands/reserve-by-size.js';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import type { RenterEvent } from '../../domain/reservations/renter-reservations.js';
import { renterStreamId } from '../../domain/reservations/renter-reservations.js';
import { formatSaoPauloDateTime } from '../../domain/shared/sao-paulo-time.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp } from '../support/test-app.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PENDING = { code: 'unpaid_hold_pending', message: 'Você tem uma reserva aguardando pagamento. Pague ou cancele antes de reservar outro locker.' };
const coolDown = (untilMs: number) => ({
  code: 'unpaid_hold_cooldown',
  message: `Você cancelou ou deixou expirar reservas não pagas recentemente. Tente novamente a partir de ${formatSaoPauloDateTime(untilMs)}.`,
});
const ceilMinute = (ms: number) => Math.ceil(ms / MINUTE) * MINUTE;

describe('issue 24 item 10: unpaid holds cannot keep stock blocked', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ paymentWindowMs: 15 * MINUTE });
    await registerHub(
      t.store,
      'BH-01',
      Array.from({ length: 4 }, () => ({ size: 'P' as const, priceCents: 450 })),
    );
    await registerHub(
      t.store,
      'BH-02',
      Array.from({ length: 8 }, () => ({ size: 'P' as const, priceCents: 450 })),
    );
  });
  afterAll(async () => t?.close());

  type Who = { id: string; headers: Record<string, string> };
  const post = (who: Who, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
  /** A two-hour window `hours` after the whole hour following `from`. */
  const windowAfter = (from: number, hours: number) => {
    const start = Math.ceil(from / HOUR) * HOUR + hours * HOUR;
    return { start_time: new Date(start).toISOString(), end_time: new Date(start + 2 * HOUR).toISOString() };
  };

  it('replays the report: one of the 4 holds is taken, re-holding after cancels or expiries soon waits, paying is never refused', async () => {
    const base = Date.now();
    t.clock.now = new Date(base);
    const at = (minutes: number) => (t.clock.now = new Date(base + minutes * MINUTE)).getTime();
    const hold = (who: Who, hours = 6) => post(who, '/api/reservations/by-size', { hub_id: 'BH-01', size: 'P', ...windowAfter(base, hours) });
    try {
      const abuser = await signUp(t, 'Bloqueio');
      // Four unpaid holds of BH-01's four P lockers, one after another, as in the report.
      const four = [];
      for (let i = 0; i < 4; i++) four.push(await hold(abuser));
      expect(four.map((r) => r.statusCode)).toEqual([201, 409, 409, 409]);
      for (const refused of four.slice(1)) expect(refused.json()).toEqual({ error: PENDING });
      // The other three P lockers of that window stay for other renters.
      for (let i = 0; i < 3; i++) expect((await hold(await signUp(t, `Outro${i}`))).statusCode).toBe(201);

      // Cancel and re-hold at once: twice is what an honest renter who changed their mind does.
      let held = four[0]!.json().id as string;
      for (let i = 0; i < 2; i++) {
        at(1 + i);
        expect((await post(abuser, `/api/reservations/${held}/cancel`)).statusCode).toBe(200);
        const again = await hold(abuser, 12);
        expect(again.statusCode).toBe(201);
        held = again.json().id;
      }
      // The third drop: the renter waits 30 minutes, and is told until when.
      const thirdDrop = at(3);
      expect((await post(abuser, `/api/reservations/${held}/cancel`)).statusCode).toBe(200);
      const refused = await hold(abuser, 12);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: coolDown(ceilMinute(thirdDrop + 30 * MINUTE)) });
      at(3 + 29);
      expect((await hold(abuser, 12)).json().error.code).toBe('unpaid_hold_cooldown');

      // Letting the payment window close counts too, before any expiry is written: the fourth drop
      // makes it an hour.
      at(3 + 31);
      const fourth = await hold(abuser, 12);
      expect(fourth.statusCode).toBe(201);
      const due = Date.parse(fourth.json().payment_due_at);
      t.clock.now = new Date(due + MINUTE);
      expect((await hold(abuser, 12)).json()).toEqual({ error: coolDown(ceilMinute(due + HOUR)) });

      // Paying is what the rule never gets in the way of: hold, pay, hold, pay…
      t.clock.now = new Date(ceilMinute(due + HOUR));
      for (let i = 0; i < 3; i++) {
        const booked = await hold(abuser, 14 + 2 * i);
        expect(booked.statusCode).toBe(201);
        expect((await post(abuser, `/api/reservations/${booked.json().id}/pay`, { method: 'pix' })).json()).toMatchObject({ status: 'active' });
      }
      // …and a renter who pays from the start never meets it.
      const payer = await signUp(t, 'Pagante');
      for (let i = 0; i < 5; i++) {
        const booked = await hold(payer, 14 + 2 * i);
        expect(booked.statusCode).toBe(201);
        expect((await post(payer, `/api/reservations/${booked.json().id}/pay`, { method: 'pix' })).statusCode).toBe(200);
      }
    } finally {
      t.clock.now = null;
    }
  });

  it('20 parallel bookings by one renter leave exactly one unpaid hold', async () => {
    const renter = await signUp(t, 'Paralelo');
    const base = Date.now();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(renter, '/api/reservations/by-size', { hub_id: 'BH-02', size: 'P', ...windowAfter(base, 2 + (i % 8) * 2) })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.json()).toEqual({ error: PENDING });
    const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'ReservationCreated' AND data->>'userId' = $1`, [renter.id]);
    expect(rows[0].n).toBe(1);
  });

  describe('across API processes, each with its own booking cache', () => {
    /** One simulated API process: the shared database and store, a booking cache of its own. */
    const aProcess = (): CommandDeps => ({
      db: t.db,
      store: t.store,
      queue: t.queue,
      codeSecret: 'holds'.repeat(8),
      clock: () => new Date(),
      maxReservationHours: 48,
      paymentWindowMs: 15 * MINUTE,
      awaitProjections: async () => true,
      log: { warn: () => {} },
      bookingCache: createBookingCache(),
    });
    const ctx = (userId: string) => ({ actor: { id: userId, role: 'user' }, correlationId: randomUUID(), now: new Date() });
    let slot = 0;
    const book = (deps: CommandDeps, userId: string) => {
      const start = new Date(Math.ceil(Date.now() / HOUR) * HOUR + (2 + (slot++ % 40)) * HOUR);
      return reserveBySize(deps, { userId, hubId: 'BH-02', size: 'P', start, end: new Date(start.getTime() + HOUR), canUsePrivateHub: false }, ctx(userId));
    };
    const pay = (deps: CommandDeps, userId: string, booked: ReserveBySizeResult) => {
      const created = booked.log[0]!.event;
      const amountCents = created.type === 'ReservationCreated' ? created.data.priceCents : 0;
      return confirmPayment(deps, booked.reservationId, { method: 'pix', amountCents }, ctx(userId));
    };
    const settle = <T>(promise: Promise<T>) =>
      promise.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );

    it('a process whose cache shows no unpaid hold still refuses one made elsewhere', async () => {
      const [here, elsewhere] = [aProcess(), aProcess()];
      const renter = randomUUID();
      await pay(here, renter, await book(here, renter)); // here now knows the renter: nothing unpaid
      await book(elsewhere, renter); // an unpaid hold here has not seen
      await expect(book(here, renter)).rejects.toMatchObject({ code: 'unpaid_hold_pending' });
    });

    it('a process whose cache still shows the hold unpaid books once it was paid elsewhere', async () => {
      const [here, elsewhere] = [aProcess(), aProcess()];
      const renter = randomUUID();
      const first = await book(here, renter);
      await pay(elsewhere, renter, first);
      const second = await book(here, renter);
      expect(second.reservationId).not.toBe(first.reservationId);
    });

    it('parallel bookings by one renter over 4 processes: exactly one unpaid hold', async () => {
      const processes = Array.from({ length: 4 }, aProcess);
      const renter = randomUUID();
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => settle(book(processes[i % 4]!, renter))));
      expect(outcomes.filter((o) => 'value' in o)).toHaveLength(1);
      for (const o of outcomes) if ('error' in o) expect(o.error).toMatchObject({ code: 'unpaid_hold_pending' });
    });

    it('a cancel racing bookings on other processes never leaves two unpaid holds open', async () => {
      const processes = Array.from({ length: 4 }, aProcess);
      const renter = randomUUID();
      const first = await book(processes[0]!, renter);
      const [, ...bookings] = await Promise.all([
        endReservation(processes[0]!, first.reservationId, 'cancel', ctx(renter)),
        ...Array.from({ length: 9 }, (_, i) => settle(book(processes[1 + (i % 3)]!, renter))),
      ]);
      const made = bookings.filter((o) => 'value' in o);
      expect(made.length).toBeLessThanOrEqual(1);
      // The renter's stream, in its own order: never a second hold opened while one is open unpaid.
      const events = (await t.store.readStream(renterStreamId(renter))) as unknown as RenterEvent[];
      const open = new Set<string>();
      for (const event of events) {
        if (event.type === 'RenterReservationOpened') {
          expect(open.size).toBe(0);
          open.add(event.data.reservationId);
        } else open.delete(event.data.reservationId);
      }
      expect(events.filter((e) => e.type === 'RenterReservationOpened')).toHaveLength(1 + made.length);
    });
  });
});
