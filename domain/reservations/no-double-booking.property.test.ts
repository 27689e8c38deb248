import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScheduleEvent } from '../schedule/locker-schedule.js';
import { periodsOf, scheduleStreamId } from '../schedule/locker-schedule.js';
import type { ReservationEvent } from './reservation-events.js';
import { reservationStreamId } from './reservation-events.js';
import { Log, liveBookings, overlap } from './no-double-booking-log.js';
import type { Client, ClientSpec, Scenario } from './no-double-booking-clients.js';
import { DAY_MIN, MINUTE, run } from './no-double-booking-clients.js';
import type { Live } from './no-double-booking-log.js';

// The write-side protocol of ARCHITECTURE.md ("no double booking"), modelled purely: a versioned
// log per stream, clients that read (fold) and later write (decide, then append atomically to
// every stream with the versions they read), interleaved in an order fast-check chooses. A booked
// client may then pay and extend its reservation (issue 28) by the same protocol, racing the rest,
// or, its door having failed (issue 29), be moved to another locker of its size for its window.

// Starts over three days, half of them in the hour before a midnight UTC so windows cross it.
const clientArb: fc.Arbitrary<ClientSpec> = fc.record({
  startMin: fc.oneof(
    fc.integer({ min: 0, max: 3 * DAY_MIN - 1 }),
    fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 60 })).map(([day, before]) => day * DAY_MIN - before),
  ),
  durationMin: fc.integer({ min: 60, max: DAY_MIN }),
  cancels: fc.integer({ min: 0, max: 3 }).map((n) => n === 0), // a quarter cancel after booking
  extendHours: fc.constantFrom(0, 0, 1, 2, 3, 6),
  doorFails: fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
});
const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  lockerCount: fc.integer({ min: 1, max: 3 }),
  clients: fc.array(clientArb, { minLength: 2, maxLength: 8 }),
  turns: fc.array(fc.nat({ max: 7 }), { maxLength: 120 }),
});

function checkInvariants({ log, clients }: ReturnType<typeof run>) {
  const scheduleStreams = [...log.streams].filter(([id]) => id.startsWith('locker-schedule-')).map(([, events]) => events as ScheduleEvent[]);
  const live = liveBookings(scheduleStreams);
  for (const [lockerId, bookings] of live) {
    for (const [i, a] of bookings.entries()) {
      const b = bookings.slice(i + 1).find((other) => overlap(a, other));
      if (b) throw new Error(`double booking of ${lockerId}: ${a.reservationId} and ${b.reservationId} overlap`);
    }
  }
  for (const c of clients) {
    const window = { reservationId: c.reservationId, startMs: c.start.getTime(), endMs: c.end.getTime() };
    if (c.phase === 'done' && c.spec.extendHours > 0) checkExtension(log, c, live);
    if (c.phase === 'done') {
      // Booked: the reservation and a LockerBooked in every day stream the window touches.
      const created = log.read<ReservationEvent>(reservationStreamId(c.reservationId)).find((e) => e.type === 'ReservationCreated');
      expect(created).toMatchObject({ type: 'ReservationCreated', data: { lockerId: c.bookedLocker } });
      for (const period of periodsOf(c.start, c.end)) {
        const events = log.read<ScheduleEvent>(scheduleStreamId(c.bookedLocker ?? '', period));
        expect(events.some((e) => e.type === 'LockerBooked' && e.data.reservationId === c.reservationId)).toBe(true);
      }
      // Still held unless cancelled (on the locker it moved to, if it did), and a cancellation frees every day stream.
      const holds = (lockerId: string) => (live.get(lockerId) ?? []).some((b) => b.reservationId === c.reservationId);
      expect(holds(c.move.movedTo ?? c.bookedLocker ?? '')).toBe(!c.spec.cancels);
      if (c.spec.doorFails) checkMove(log, c, holds);
    } else {
      // Gave up: a real conflict. Every candidate locker held, in the day streams the client read,
      // a live booking overlapping its window (checked from the raw log, not the decider).
      expect(c.phase).toBe('gaveUp');
      expect(c.refusals.map((r) => r.lockerId)).toEqual(c.candidates);
      for (const refusal of c.refusals) {
        const seen = [...refusal.versions].filter(([id]) => id.startsWith('locker-schedule-')).map(([id, v]) => log.read<ScheduleEvent>(id, v));
        const blocking = (liveBookings(seen).get(refusal.lockerId) ?? []).filter((b) => overlap(b, window));
        expect(blocking.length).toBeGreaterThan(0);
      }
    }
  }
}

/**
 * An extended reservation is held for its whole new window in every day it touches; a refused
 * one ('locker_busy') saw, in the day streams it read, another live booking in the extra time.
 */
function checkExtension(log: Log, c: Client, live: Map<string, Live[]>) {
  const hours = c.spec.extendHours * 60 * MINUTE;
  const lockerId = c.bookedLocker ?? '';
  const mine = (live.get(lockerId) ?? []).find((b) => b.reservationId === c.reservationId);
  if (c.extension.outcome === 'extended') {
    expect(mine).toEqual({ reservationId: c.reservationId, startMs: c.start.getTime(), endMs: c.end.getTime() + hours });
    for (const period of periodsOf(c.start, new Date(c.end.getTime() + hours))) {
      expect(log.version(scheduleStreamId(lockerId, period))).toBeGreaterThan(0);
    }
  } else if (c.extension.outcome === 'busy') {
    expect(mine).toEqual({ reservationId: c.reservationId, startMs: c.start.getTime(), endMs: c.end.getTime() });
    const extra = { reservationId: c.reservationId, startMs: c.end.getTime(), endMs: c.end.getTime() + hours };
    const seen = [...(c.extension.busyVersions ?? [])].filter(([id]) => id.startsWith('locker-schedule-')).map(([id, v]) => log.read<ScheduleEvent>(id, v));
    const blocking = (liveBookings(seen).get(lockerId) ?? []).filter((b) => b.reservationId !== c.reservationId && overlap(b, extra));
    expect(blocking.length).toBeGreaterThan(0);
  } else {
    expect(c.extension.outcome).toBe('tooLong');
  }
}

/**
 * A moved reservation holds its new locker for its whole window and no longer its old one; one
 * that stayed saw, for every other locker it tried, a live booking overlapping its window.
 */
function checkMove(log: Log, c: Client, holds: (lockerId: string) => boolean) {
  if (c.move.movedTo) {
    expect(c.move.movedTo).not.toBe(c.bookedLocker);
    expect(holds(c.bookedLocker ?? '')).toBe(false);
    return;
  }
  const window = { reservationId: c.reservationId, startMs: c.start.getTime(), endMs: c.end.getTime() };
  expect(c.move.refusals).toHaveLength(c.move.candidates?.length ?? 0);
  c.move.refusals.forEach((versions, i) => {
    const seen = [...versions].filter(([id]) => id.startsWith('locker-schedule-')).map(([id, v]) => log.read<ScheduleEvent>(id, v));
    const target = c.move.candidates![i]!;
    const blocking = (liveBookings(seen).get(target) ?? []).filter((b) => b.reservationId !== c.reservationId && overlap(b, window));
    expect(blocking.length).toBeGreaterThan(0);
  });
}

const property = (checkVersions: boolean) => fc.property(scenarioArb, (scenario) => checkInvariants(run(scenario, checkVersions)));

describe('no double booking', () => {
  it('no two bookings of one locker overlap under random interleavings', () => {
    fc.assert(property(true), { numRuns: 200 });
  });

  it('the expected-version check is what prevents it: without it fast-check finds an overlap', () => {
    const details = fc.check(property(false), { numRuns: 200, endOnFailure: true });
    expect(details.failed).toBe(true);
    expect(String(details.errorInstance)).toMatch(/double booking of L\d/);
  });

  it('a client takes the next locker when the first is taken, and gives up when all are', () => {
    const scenario: Scenario = {
      lockerCount: 2,
      clients: [0, 1, 2].map(() => ({ startMin: 600, durationMin: 120, cancels: false, extendHours: 0, doorFails: false })),
      turns: [],
    };
    const { clients } = run(scenario, true);
    expect(clients.map((c) => [c.phase, c.bookedLocker])).toEqual([
      ['done', 'L1'],
      ['done', 'L2'],
      ['gaveUp', null],
    ]);
  });
});

describe('no double booking when a door fails (issue 29)', () => {
  it('the renter moves to the free locker of its size; with none free it stays where it is', () => {
    const client = (doorFails: boolean) => ({ startMin: 600, durationMin: 120, cancels: false, extendHours: 0, doorFails });
    const moved = run({ lockerCount: 2, clients: [client(true)], turns: [] }, true);
    checkInvariants(moved);
    expect(moved.clients.map((c) => [c.bookedLocker, c.move.movedTo])).toEqual([['L1', 'L2']]);
    const stayed = run({ lockerCount: 2, clients: [client(false), client(true)], turns: [] }, true);
    checkInvariants(stayed);
    expect(stayed.clients.map((c) => [c.bookedLocker, c.move.movedTo])).toEqual([
      ['L1', null],
      ['L2', null],
    ]);
  });
});
