// Deactivating a locker moves its future reservations to free active lockers of the same size in
// the same Hub, for the same window, on the real event store: every one when lockers are free,
// only some when they are not (the others listed and left in place), and never a double booking
// while by-size bookings race the moves. The read model follows, and a rebuild gives it back.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingCache } from '../../commands/booking-cache.js';
import type { CommandContext } from '../../commands/command-handler.js';
import { handleCommand } from '../../commands/command-handler.js';
import type { CommandDeps } from '../../commands/deps.js';
import { moveFutureReservations } from '../../commands/move-reservations.js';
import { readReservation } from '../../commands/reservation-commands.js';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import { hubDecider } from '../../domain/hubs/hub-decide.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { periodsOf } from '../../domain/schedule/locker-schedule.js';
import { START } from '../../infra/eventstore/port.js';
import { projectorNames } from '../../projections/all.js';
import { reservationsProjector } from '../../projections/reservations/reservations-projector.js';
import { rebuild } from '../../projections/runner.js';
import { waitForProjections } from '../../projections/projection-waits.js';
import { liveBookings, overlappingPairs } from '../support/locker-schedules.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow, windowStartingNow } from '../support/test-app.js';

const HALF_HOUR = 1_800_000;
const admin = { id: randomUUID(), role: 'admin' };

describe('moving the reservations of a deactivated locker', () => {
  let t: TestApp;
  let deps: CommandDeps;
  beforeAll(async () => {
    t = await startTestApp({ poolMax: 20 });
    deps = {
      db: t.db,
      store: t.store,
      queue: t.queue,
      codeSecret: 'moves'.repeat(8),
      clock: () => new Date(),
      maxReservationHours: 48,
      awaitProjections: (position) => waitForProjections(t.db, projectorNames, position, 5000),
      log: { warn: () => {} },
    };
  });
  afterAll(async () => t?.close());

  const ctx = (idempotencyKey?: string): CommandContext => ({
    actor: admin,
    correlationId: randomUUID(),
    now: new Date(),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  const deactivate = (hubId: string, lockerId: string) => handleCommand(t.store, hubStreamId(hubId), hubDecider, { type: 'DeactivateLocker', lockerId }, ctx());
  /** Books and pays: one renter holds several reservations here, and one unpaid at most (ADR 0016). */
  const book = async (renter: { headers: Record<string, string> }, hubId: string, window: { start_time: string; end_time: string }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: hubId, size: 'P', ...window },
    });
    expect(res.statusCode).toBe(201);
    const booked = res.json<{ id: string; locker_id: string }>();
    const paid = await t.app.inject({ method: 'POST', url: `/api/reservations/${booked.id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
    expect(paid.statusCode).toBe(200);
    return booked;
  };
  const daysOf = (...windows: { start_time: string; end_time: string }[]) => [
    ...new Set(windows.flatMap((w) => periodsOf(new Date(w.start_time), new Date(w.end_time)))),
  ];
  const lockerOf = async (id: string) => {
    const { state } = await readReservation(t, id);
    return state.status === 'none' ? null : state.lockerId;
  };

  it('three future reservations, free lockers: all three move, and the renter sees the new locker', async () => {
    const [l1, l2] = await registerHub(t.store, 'MV-01', [{ size: 'P' }, { size: 'P' }, { size: 'P' }, { size: 'M' }]);
    const renter = await signUp(t, 'Ana Souza');
    // One under way, two later (all paid); a cancelled one on the same locker stays as it is.
    const nowStart = new Date(Math.floor(Date.now() / HALF_HOUR) * HALF_HOUR);
    const ongoing = { start_time: nowStart.toISOString(), end_time: new Date(nowStart.getTime() + 2 * 3_600_000).toISOString() };
    const windows = [ongoing, windowFromNow(1, 3), windowFromNow(2, 5)];
    const made = [];
    for (const w of windows) made.push(await book(renter, 'MV-01', w));
    const cancelled = await book(renter, 'MV-01', windowFromNow(1, 9));
    expect([...made, cancelled].map((r) => r.locker_id)).toEqual([l1, l1, l1, l1]);
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${cancelled.id}/cancel`, headers: renter.headers })).statusCode).toBe(200);

    await deactivate('MV-01', l1!);
    const result = await moveFutureReservations(deps, { hubId: 'MV-01', lockerId: l1! }, ctx('deactivate-1'));

    expect(result.unmoved).toEqual([]);
    expect(result.moved).toEqual(
      made.map((r, i) => ({ reservationId: r.id, startTime: windows[i]!.start_time, endTime: windows[i]!.end_time, toLockerId: l2, toOrderNumber: 2 })),
    );
    expect(result.position).not.toBeNull();
    // The log: each reservation names its new locker, with the admin as the actor; the old
    // locker's days hold nothing any more, the new one's hold all three.
    for (const r of made) {
      expect(await lockerOf(r.id)).toBe(l2);
      const last = (await t.store.readStream(`reservation-${r.id}`)).at(-1)!;
      expect(last).toMatchObject({
        type: 'ReservationMoved',
        data: { fromLockerId: l1, toLockerId: l2, toLockerOrderNumber: 2, hubId: 'MV-01' },
        metadata: { actor: admin },
      });
    }
    expect(await lockerOf(cancelled.id)).toBe(l1);
    const days = daysOf(...windows);
    expect(await liveBookings(t.store, l1!, days)).toEqual([]);
    expect(await liveBookings(t.store, l2!, days)).toHaveLength(3);

    // The renter's reservation shows the new locker's number.
    expect(await deps.awaitProjections(result.position!)).toBe(true);
    for (const r of made) {
      const res = await t.app.inject({ method: 'GET', url: `/api/reservations/${r.id}`, headers: renter.headers });
      expect(res.json()).toMatchObject({ id: r.id, locker_id: l2, locker: { id: l2, order_number: 2, size: 'P' } });
    }
    // The public Hub, served from memory, shows the one under way holding locker 2 now.
    await waitUntil(async () => {
      const hub = (await t.app.inject({ method: 'GET', url: '/api/hubs/MV-01' })).json<{ lockers: { id: string; available_now: boolean; status: string }[] }>();
      const byId = new Map(hub.lockers.map((l) => [l.id, l]));
      return byId.get(l2!)?.available_now === false && byId.get(l1!)?.status === 'Inativo';
    });

    // A retry with the same key answers the same and writes nothing; another key finds nothing left.
    const eventsBefore = (await t.store.readAll({ after: START, limit: 100_000 })).length;
    const retried = await moveFutureReservations(deps, { hubId: 'MV-01', lockerId: l1! }, ctx('deactivate-1'));
    expect({ moved: retried.moved, unmoved: retried.unmoved }).toEqual({ moved: result.moved, unmoved: [] });
    const again = await moveFutureReservations(deps, { hubId: 'MV-01', lockerId: l1! }, ctx('deactivate-2'));
    expect({ moved: again.moved, unmoved: again.unmoved }).toEqual({ moved: [], unmoved: [] });
    expect((await t.store.readAll({ after: START, limit: 100_000 })).length).toBe(eventsBefore);
  });

  it('only some can move: the others are listed as unmoved and stay on their locker', async () => {
    const [l1, l2] = await registerHub(t.store, 'MV-02', [{ size: 'P' }, { size: 'P' }, { size: 'P', status: 'Inativo' }, { size: 'M' }]);
    const owner = await signUp(t, 'Bruno Lima');
    const other = await signUp(t, 'Carla Dias');
    const [a, b, c] = [windowFromNow(2, 2), windowFromNow(2, 5), windowFromNow(2, 8)];
    // Locker 1 holds A, B and C; locker 2 (the only other active P) already holds A and B.
    const onL1A = await book(owner, 'MV-02', a);
    expect((await book(other, 'MV-02', a)).locker_id).toBe(l2);
    const onL1B = await book(owner, 'MV-02', b);
    expect((await book(other, 'MV-02', b)).locker_id).toBe(l2);
    const onL1C = await book(owner, 'MV-02', c);
    expect([onL1A, onL1B, onL1C].map((r) => r.locker_id)).toEqual([l1, l1, l1]);

    await deactivate('MV-02', l1!);
    const result = await moveFutureReservations(deps, { hubId: 'MV-02', lockerId: l1! }, ctx());

    expect(result.moved).toEqual([{ reservationId: onL1C.id, startTime: c.start_time, endTime: c.end_time, toLockerId: l2, toOrderNumber: 2 }]);
    expect(result.unmoved).toEqual([
      { reservationId: onL1A.id, startTime: a.start_time, endTime: a.end_time, userId: owner.id },
      { reservationId: onL1B.id, startTime: b.start_time, endTime: b.end_time, userId: owner.id },
    ]);
    expect(await lockerOf(onL1A.id)).toBe(l1);
    expect(await lockerOf(onL1B.id)).toBe(l1);
    expect(await lockerOf(onL1C.id)).toBe(l2);
    const days = daysOf(a, b, c);
    expect(await liveBookings(t.store, l1!, days)).toHaveLength(2);
    const onL2 = await liveBookings(t.store, l2!, days);
    expect(onL2).toHaveLength(3);
    expect(overlappingPairs(onL2)).toEqual([]);
    expect(await deps.awaitProjections(result.position!)).toBe(true);
    const { rows } = await t.db.query<{ id: string; locker_id: string; locker_order_number: number }>(
      'SELECT id, locker_id, locker_order_number FROM rm_reservations WHERE id = ANY($1) ORDER BY start_time',
      [[onL1A.id, onL1B.id, onL1C.id]],
    );
    expect(rows).toEqual([
      { id: onL1A.id, locker_id: l1, locker_order_number: 1 },
      { id: onL1B.id, locker_id: l1, locker_order_number: 1 },
      { id: onL1C.id, locker_id: l2, locker_order_number: 2 },
    ]);
  });

  it('a locker still holding goods left for pickup is not a target, even for a window after their booking', async () => {
    const [l1, l2] = await registerHub(t.store, 'MV-09', [{ size: 'P' }, { size: 'P' }]);
    const renter = await signUp(t, 'Bia Coleta');
    const left = await book(renter, 'MV-09', windowStartingNow(1)); // begun: goods go in only inside the window
    expect(left.locker_id).toBe(l1);
    const inject = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: renter.headers, ...(payload ? { payload } : {}) });
    expect((await inject(`/api/reservations/${left.id}/leave-for-pickup`)).statusCode).toBe(200);
    // A later window: by-size booking already passes over locker 1, which still holds the goods.
    const later = await book(renter, 'MV-09', windowFromNow(1, 3));
    expect(later.locker_id).toBe(l2);

    await deactivate('MV-09', l2!);
    const result = await moveFutureReservations(deps, { hubId: 'MV-09', lockerId: l2! }, ctx());
    expect(result.moved).toEqual([]);
    expect(result.unmoved.map((r) => r.reservationId)).toEqual([later.id]);
    expect(await lockerOf(later.id)).toBe(l2);
  });

  it('20 by-size bookings racing the moves, over two processes, for 12 free places: no locker holds two overlapping reservations, none is lost', async () => {
    const lockers = await registerHub(t.store, 'MV-03', [{ size: 'P' }, { size: 'P' }, { size: 'P' }, { size: 'P' }, { size: 'P' }]);
    const l1 = lockers[0]!;
    const windows = [windowFromNow(2, 2), windowFromNow(2, 5), windowFromNow(2, 8)];
    const asDates = (w: { start_time: string; end_time: string }) => ({ start: new Date(w.start_time), end: new Date(w.end_time) });
    const bySize = (on: CommandDeps, w: { start_time: string; end_time: string }) =>
      reserveBySize(on, { userId: randomUUID(), hubId: 'MV-03', size: 'P', ...asDates(w), canUsePrivateHub: false }, ctx());
    const first = [];
    for (const w of windows) first.push(await bySize(deps, w));
    expect(first.map((r) => r.lockerId)).toEqual([l1, l1, l1]);

    // Another API process: the same database, a booking cache of its own.
    const elsewhere: CommandDeps = { ...deps, bookingCache: createBookingCache() };
    const moving = (async () => {
      await deactivate('MV-03', l1);
      return moveFutureReservations(deps, { hubId: 'MV-03', lockerId: l1 }, ctx('race'));
    })();
    // Staggered over ~800 ms, so bookings land before, between and after the moves.
    const racing = Array.from({ length: 20 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 40));
      return bySize(i % 2 ? elsewhere : deps, windows[i % 3]!).catch(() => null);
    });
    const [result, ...bookings] = await Promise.all([moving, ...racing]);
    const booked = bookings.filter((b) => b !== null);
    // 5 lockers × 3 windows: at most 15 reservations in all, and the first 3 are among them.
    expect(booked.length).toBeGreaterThan(0);
    expect(booked.length).toBeLessThanOrEqual(12);

    const days = daysOf(...windows);
    let live = 0;
    for (const lockerId of lockers) {
      const held = await liveBookings(t.store, lockerId, days);
      expect(overlappingPairs(held)).toEqual([]);
      live += held.length;
    }
    expect(live).toBe(first.length + booked.length);
    expect(result.moved.length + result.unmoved.length).toBeGreaterThanOrEqual(1);
    for (const m of result.moved) expect(await lockerOf(m.reservationId)).toBe(m.toLockerId);
    for (const u of result.unmoved) expect(await lockerOf(u.reservationId)).toBe(l1);
    for (const r of first)
      expect(result.moved.some((m) => m.reservationId === r.reservationId) || result.unmoved.some((u) => u.reservationId === r.reservationId)).toBe(true);

    // A booking that read the Hub before the deactivation may land on locker 1 after the moves
    // looked (ADR 0002); moving again takes it, and what stays is exactly what is listed.
    const sweep = await moveFutureReservations(deps, { hubId: 'MV-03', lockerId: l1 }, ctx('sweep'));
    if (sweep.position) expect(await deps.awaitProjections(sweep.position)).toBe(true);
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM rm_reservations WHERE locker_id = $1 AND status IN ('pending', 'active') AND end_time > now() ORDER BY start_time, id`,
      [l1],
    );
    expect(rows.map((r) => r.id)).toEqual(sweep.unmoved.map((u) => u.reservationId));
    for (const u of sweep.unmoved) expect(await lockerOf(u.reservationId)).toBe(l1);
  });

  it('a rebuild of rm_reservations from the log gives back the same rows, moves included', async () => {
    const head = (await t.store.readAll({ after: START, limit: 100_000 })).at(-1)!;
    expect(await waitForProjections(t.db, projectorNames, head.position, 10_000)).toBe(true);
    const rowsOf = async () => (await t.db.query('SELECT * FROM rm_reservations ORDER BY id')).rows;
    const before = await rowsOf();
    const { rows: counted } = await t.db.query(`SELECT count(*)::int AS n FROM rm_reservations r WHERE r.hub_id LIKE 'MV-%'`);
    expect(counted[0].n).toBeGreaterThan(8);
    await rebuild(t.db, t.store, reservationsProjector);
    expect(await rowsOf()).toEqual(before);
  });
});
