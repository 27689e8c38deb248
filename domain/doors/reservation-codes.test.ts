import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../shared/decider.js';
import { liveCodeOf, matchCode, reservationCodesOf } from './reservation-codes.js';

const T0 = Date.parse('2026-11-25T10:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
const same = (a: string, b: string) => a === b;
const hashes = (access: string, pickup = 'none') => ({ access, pickup });

// Booked 10:00–12:00.
const created: DomainEvent = {
  type: 'ReservationCreated',
  data: { reservationId: 'r1', lockerId: 'l1', lockerOrderNumber: 3, hubId: 'H', startTime: at(0), endTime: at(7200) },
};
const paid: DomainEvent = { type: 'PaymentConfirmed', data: { reservationId: 'r1' } };
const code = (hash: string, issued: number, kind: 'Access' | 'Pickup' = 'Access'): DomainEvent => ({
  type: `${kind}CodeIssued`,
  data: { reservationId: 'r1', codeHash: hash, issuedAt: at(issued), expiresAt: at(issued + 300) },
});

describe("a reservation's codes, as a door sees them", () => {
  it('given a paid reservation with a code, the code opens its locker until it expires', () => {
    const s = reservationCodesOf([created, paid, code('h1', 0)]);
    expect(matchCode(s, T0 + 1000, hashes('h1'), same)).toEqual({ reservationId: 'r1', lockerId: 'l1', lockerOrder: 3, codeKind: 'access' });
    expect(matchCode(s, T0 + 300_000, hashes('h1'), same)).toBeNull();
    expect(liveCodeOf(s, T0 + 1000)).toEqual({ reservationId: 'r1', codeKind: 'access', issuedAt: at(0) });
  });

  it('given a rotation, the old code never opens again', () => {
    const s = reservationCodesOf([created, paid, code('h1', 0), code('h2', 10)]);
    expect(matchCode(s, T0 + 20_000, hashes('h1'), same)).toBeNull();
    expect(matchCode(s, T0 + 20_000, hashes('h2'), same)?.codeKind).toBe('access');
  });

  it('given an unpaid, cancelled, expired or invalidated reservation code, nothing opens', () => {
    const t = T0 + 1000;
    expect(matchCode(reservationCodesOf([created, code('h1', 0)]), t, hashes('h1'), same)).toBeNull();
    for (const end of ['ReservationCancelled', 'ReservationExpired', 'ReservationFinalized']) {
      expect(matchCode(reservationCodesOf([created, paid, code('h1', 0), { type: end, data: {} }]), t, hashes('h1'), same)).toBeNull();
    }
    const invalidated = { type: 'CodeInvalidated', data: { codeKind: 'access' } };
    expect(matchCode(reservationCodesOf([created, paid, code('h1', 0), invalidated]), t, hashes('h1'), same)).toBeNull();
  });

  it('given goods left for pickup, only the pickup code opens, and the moved locker is the one named', () => {
    const moved = { type: 'ReservationMoved', data: { toLockerId: 'l9', toLockerOrderNumber: 9 } };
    const s = reservationCodesOf([created, paid, code('h1', 0), moved, { type: 'LeftForPickup', data: {} }, code('p1', 5, 'Pickup')]);
    expect(matchCode(s, T0 + 6000, hashes('h1', 'x'), same)).toBeNull();
    expect(matchCode(s, T0 + 6000, hashes('x', 'p1'), same)).toEqual({ reservationId: 'r1', lockerId: 'l9', lockerOrder: 9, codeKind: 'pickup' });
    const done = reservationCodesOf([created, paid, { type: 'LeftForPickup', data: {} }, code('p1', 5, 'Pickup'), { type: 'PickupCompleted', data: {} }]);
    expect(liveCodeOf(done, T0 + 6000)).toBeNull();
  });

  it('issue 24 item 1: a live code opens only inside the window: no access code before the start or after the end, no pickup code before the start', () => {
    // Booked for 12:00–13:00, paid, with a code on its stream (however it got there).
    const later: DomainEvent = { type: 'ReservationCreated', data: { ...(created.data as object), startTime: at(7200), endTime: at(10800) } };
    const early = reservationCodesOf([later, paid, code('h1', 0)]);
    expect(matchCode(early, T0 + 1000, hashes('h1'), same)).toBeNull();
    expect(liveCodeOf(early, T0 + 1000)).toBeNull();
    const inside = reservationCodesOf([later, paid, code('h1', 7200)]);
    expect(matchCode(inside, T0 + 7_201_000, hashes('h1'), same)?.codeKind).toBe('access');
    const nearEnd = reservationCodesOf([later, paid, code('h1', 10_700)]);
    expect(matchCode(nearEnd, T0 + 10_800_000, hashes('h1'), same)).toBeNull();
    // Goods left early (before the rule): their pickup code waits for the start, then opens past the end.
    const leftEarly = reservationCodesOf([later, paid, { type: 'LeftForPickup', data: {} }, code('p1', 0, 'Pickup')]);
    expect(matchCode(leftEarly, T0 + 1000, hashes('x', 'p1'), same)).toBeNull();
    const pastEnd = reservationCodesOf([later, paid, { type: 'LeftForPickup', data: {} }, code('p1', 10_900, 'Pickup')]);
    expect(matchCode(pastEnd, T0 + 10_950_000, hashes('x', 'p1'), same)?.codeKind).toBe('pickup');
  });

  it('issue 28: once extended, a code issued near the old end opens past it, until the new end', () => {
    const extended: DomainEvent = { type: 'ReservationExtended', data: { reservationId: 'r1', toEndTime: at(7200 + 3600) } };
    const s = reservationCodesOf([created, paid, extended, code('h2', 7100)]);
    expect(matchCode(s, T0 + 7300_000, hashes('h2'), same)?.codeKind).toBe('access');
    expect(matchCode(reservationCodesOf([created, paid, code('h2', 7100)]), T0 + 7300_000, hashes('h2'), same)).toBeNull();
  });
});
