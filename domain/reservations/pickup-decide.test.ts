import { describe, expect, it } from 'vitest';
import { at, created, given, iso, paid, reservationId } from './reservation-spec-fixtures.js';
import { fold } from '../shared/decider.js';
import { freesLocker } from './reservation-events.js';
import type { ReservationEvent } from './reservation-events.js';
import { reservationDecider } from './reservation-decide.js';
import { PICKUP_CODE_TTL_MS } from './pickup-decide.js';
import { renterFactsOf } from './renter-reservations.js';

const left: ReservationEvent = { type: 'LeftForPickup', data: { reservationId, at: iso('10:30') } };
const claimedByAna: ReservationEvent = { type: 'PickupClaimed', data: { reservationId, userId: 'ana', at: iso('10:40') } };
const codeForAna: ReservationEvent = {
  type: 'PickupCodeIssued',
  data: { reservationId, userId: 'ana', codeHash: 'h1', issuedAt: iso('10:41'), expiresAt: new Date(at('10:41').getTime() + PICKUP_CODE_TTL_MS).toISOString() },
};
const completed: ReservationEvent = { type: 'PickupCompleted', data: { reservationId, userId: 'ana', at: iso('10:50') } };

const active = [created, paid];
const awaiting = [created, paid, left];
const claimed = [...awaiting, claimedByAna];

describe('LeaveForPickup', () => {
  it('turns an active reservation into awaiting_pickup and stops the renter code', () => {
    given(active)
      .when({ type: 'LeaveForPickup', now: at('10:30') })
      .then([left]);
    const issued: ReservationEvent = { type: 'AccessCodeIssued', data: { reservationId, codeHash: 'a', issuedAt: iso('10:20'), expiresAt: iso('10:25') } };
    const state = fold(reservationDecider, [...active, issued, left]);
    expect(state.status).toBe('awaiting_pickup');
    expect(state.status !== 'none' && state.code).toBeNull();
  });
  it('refuses a pending reservation and one whose period is over', () => {
    given([created])
      .when({ type: 'LeaveForPickup', now: at('10:30') })
      .thenFails('reservation_not_active');
    given(active)
      .when({ type: 'LeaveForPickup', now: at('12:00') })
      .thenFails('reservation_ended');
  });
  it('issue 24 item 1: refuses before the window starts (nothing of the renter can be in the locker yet)', () => {
    const error = given(active)
      .when({ type: 'LeaveForPickup', now: at('09:59') })
      .thenFails('reservation_not_started');
    expect(error.message).toBe('Os itens só podem ser deixados para coleta a partir de 10/01/2030 07:00, quando a reserva começa.');
    expect(error.details).toEqual({ availableAt: iso('10:00') });
  });
  it('is a no-op when already left', () => {
    given(awaiting)
      .when({ type: 'LeaveForPickup', now: at('10:35') })
      .then([]);
  });
});

describe('an item awaiting pickup', () => {
  it('is never expired, and the renter can no longer finalize or cancel it', () => {
    given(awaiting)
      .when({ type: 'ExpireReservation', now: at('12:30') })
      .then([]);
    given(awaiting)
      .when({ type: 'FinalizeReservation', now: at('10:35') })
      .thenFails('reservation_closed');
    given(awaiting)
      .when({ type: 'CancelReservation', reason: 'x', now: at('10:35') })
      .thenFails('reservation_closed');
    given(awaiting)
      .when({ type: 'IssueAccessCode', codeHash: 'a', now: at('10:35') })
      .thenFails('reservation_closed');
  });
});

describe('ClaimPickup', () => {
  it('claims an unclaimed item', () => {
    given(awaiting)
      .when({ type: 'ClaimPickup', userId: 'ana', now: at('10:40') })
      .then([claimedByAna]);
    const state = fold(reservationDecider, claimed);
    expect(state.status !== 'none' && state.claimedBy).toBe('ana');
  });
  it('refuses a second claimer and repeats nothing for the first', () => {
    given(claimed)
      .when({ type: 'ClaimPickup', userId: 'bia', now: at('10:41') })
      .thenFails('already_claimed');
    given(claimed)
      .when({ type: 'ClaimPickup', userId: 'ana', now: at('10:41') })
      .then([]);
  });
  it('refuses an item not left for pickup', () => {
    given(active)
      .when({ type: 'ClaimPickup', userId: 'ana', now: at('10:40') })
      .thenFails('not_awaiting_pickup');
  });
});

describe('IssuePickupCode', () => {
  it('issues a 300 s code to the claimer', () => {
    given(claimed)
      .when({ type: 'IssuePickupCode', userId: 'ana', codeHash: 'h1', now: at('10:41') })
      .then([codeForAna]);
  });
  it('claims an unclaimed item first', () => {
    given(awaiting)
      .when({ type: 'IssuePickupCode', userId: 'ana', codeHash: 'h1', now: at('10:41') })
      .then([{ ...claimedByAna, data: { ...claimedByAna.data, at: iso('10:41') } }, codeForAna]);
  });
  it('replaces a live code, invalidating it', () => {
    const events = reservationDecider.decide(
      { type: 'IssuePickupCode', userId: 'ana', codeHash: 'h2', now: at('10:42') },
      fold(reservationDecider, [...claimed, codeForAna]),
    );
    expect(events.map((e) => e.type)).toEqual(['CodeInvalidated', 'PickupCodeIssued']);
    const state = fold(reservationDecider, [...claimed, codeForAna, ...events]);
    expect(state.status !== 'none' && state.pickupCode?.hash).toBe('h2');
  });
  it('issue 24 item 1: refuses before the window starts, and goes on issuing after its end until the goods are collected', () => {
    // Goods left before the rule existed: the pickup code still waits for the window.
    const leftEarly: ReservationEvent = { type: 'LeftForPickup', data: { reservationId, at: iso('08:00') } };
    const error = given([created, paid, leftEarly])
      .when({ type: 'IssuePickupCode', userId: 'ana', codeHash: 'h1', now: at('09:00') })
      .thenFails('code_not_yet_available');
    expect(error.message).toBe('O código de coleta estará disponível a partir de 10/01/2030 07:00.');
    const late = reservationDecider.decide({ type: 'IssuePickupCode', userId: 'ana', codeHash: 'h1', now: at('13:00') }, fold(reservationDecider, claimed));
    expect(late.map((e) => e.type)).toEqual(['PickupCodeIssued']);
  });
  it('refuses someone else than the claimer', () => {
    given(claimed)
      .when({ type: 'IssuePickupCode', userId: 'bia', codeHash: 'h1', now: at('10:41') })
      .thenFails('already_claimed');
  });
});

describe('CompletePickup', () => {
  it('completes for the claimer, which frees the locker and closes it for the renter', () => {
    given(claimed)
      .when({ type: 'CompletePickup', userId: 'ana', asAdmin: false, now: at('10:50') })
      .then([completed]);
    expect(fold(reservationDecider, [...claimed, completed]).status).toBe('completed');
    expect(freesLocker(completed)).toBe(true);
    expect(renterFactsOf('renter', [completed])).toEqual([
      { type: 'RenterReservationClosed', data: { userId: 'renter', reservationId, at: at('10:50').toISOString() } },
    ]);
  });
  it('refuses another logistics user and the unclaimed item, but lets an admin', () => {
    given(claimed)
      .when({ type: 'CompletePickup', userId: 'bia', asAdmin: false, now: at('10:50') })
      .thenFails('not_claimer');
    given(awaiting)
      .when({ type: 'CompletePickup', userId: 'ana', asAdmin: false, now: at('10:50') })
      .thenFails('not_claimer');
    given(claimed)
      .when({ type: 'CompletePickup', userId: 'root', asAdmin: true, now: at('10:50') })
      .then([{ type: 'PickupCompleted', data: { reservationId, userId: 'root', at: iso('10:50') } }]);
  });
  it('is a no-op once completed', () => {
    given([...claimed, completed])
      .when({ type: 'CompletePickup', userId: 'ana', asAdmin: false, now: at('10:51') })
      .then([]);
  });
});

describe('DoorOpened and CodeInvalidated', () => {
  it('an opened door changes no status; an invalidated pickup code stops opening', () => {
    const opened: ReservationEvent = {
      type: 'DoorOpened',
      data: { reservationId, hubId: 'SP-01', lockerId: 'L1', lockerOrder: 1, requestId: 'r', codeKind: 'pickup', at: iso('10:45') },
    };
    const invalidated: ReservationEvent = {
      type: 'CodeInvalidated',
      data: { reservationId, codeKind: 'pickup', reason: 'too_many_failures', at: iso('10:46') },
    };
    expect(fold(reservationDecider, [...claimed, codeForAna, opened]).status).toBe('awaiting_pickup');
    const state = fold(reservationDecider, [...claimed, codeForAna, invalidated]);
    expect(state.status !== 'none' && state.pickupCode).toBeNull();
  });
});
