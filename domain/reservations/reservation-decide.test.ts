import { describe, expect, it } from 'vitest';
import { at, created, given, iso, paid, reservationId } from './reservation-spec-fixtures.js';
import { fold } from '../shared/decider.js';
import type { ReservationCommand } from './reservation-decide.js';
import { ACCESS_CODE_TTL_MS, reservationDecider } from './reservation-decide.js';
import type { ReservationEvent } from './reservation-events.js';

const finalized: ReservationEvent = { type: 'ReservationFinalized', data: { reservationId, at: iso('11:00') } };
const expired: ReservationEvent = { type: 'ReservationExpired', data: { reservationId, at: iso('12:00'), reason: 'ended' } };
const cancelled: ReservationEvent = { type: 'ReservationCancelled', data: { reservationId, at: iso('09:58'), reason: 'desistência' } };

const pending = [created];
const active = [created, paid];
const completed = [created, paid, finalized];
const expiredHistory = [created, expired];
const cancelledHistory = [created, cancelled];

const confirm = (amountCents: number, now: Date): ReservationCommand => ({ type: 'ConfirmPayment', method: 'credit_card', amountCents, now });
const issue = (now: Date): ReservationCommand => ({ type: 'IssueAccessCode', codeHash: 'hash-2', now });

describe('ConfirmPayment', () => {
  it('confirms the payment of a pending reservation', () => {
    given(pending)
      .when(confirm(1000, at('09:50')))
      .then([{ type: 'PaymentConfirmed', data: { reservationId, method: 'credit_card', amountCents: 1000, paidAt: iso('09:50') } }]);
  });

  it('makes the reservation active', () => {
    expect(fold(reservationDecider, active).status).toBe('active');
  });

  it('refuses an amount other than the price', () => {
    given(pending)
      .when(confirm(999, at('09:50')))
      .thenFails('wrong_amount');
    given(pending)
      .when(confirm(1001, at('09:50')))
      .thenFails('wrong_amount');
  });

  it.each([
    ['active', active],
    ['completed', completed],
    ['expired', expiredHistory],
    ['cancelled', cancelledHistory],
  ])('refuses a reservation that is %s', (_, history) => {
    given(history)
      .when(confirm(1000, at('10:30')))
      .thenFails('reservation_not_pending');
  });

  it('refuses once the period has ended', () => {
    given(pending)
      .when(confirm(1000, at('12:00')))
      .thenFails('reservation_ended');
  });
});

describe('IssueAccessCode', () => {
  it('never lets a code outlive its reservation: near the end it expires at the end', () => {
    given(active)
      .when(issue(at('11:58')))
      .then([{ type: 'AccessCodeIssued', data: { reservationId, codeHash: 'hash-2', issuedAt: iso('11:58'), expiresAt: iso('12:00') } }]);
  });

  it('issues a code that expires 300 s later', () => {
    const now = at('10:15');
    given(active)
      .when(issue(now))
      .then([
        {
          type: 'AccessCodeIssued',
          data: { reservationId, codeHash: 'hash-2', issuedAt: now.toISOString(), expiresAt: new Date(now.getTime() + 300_000).toISOString() },
        },
      ]);
    expect(ACCESS_CODE_TTL_MS).toBe(300_000);
  });

  it('issues a code while payment is pending', () => {
    const events = reservationDecider.decide(issue(at('10:01')), fold(reservationDecider, pending));
    expect(events.map((e) => e.type)).toEqual(['AccessCodeIssued']);
  });

  it('keeps only the latest code in the state', () => {
    const events = reservationDecider.decide(issue(at('10:15')), fold(reservationDecider, active));
    expect(fold(reservationDecider, [...active, ...events])).toMatchObject({ code: { hash: 'hash-2', expiresAt: '2030-01-10T10:20:00.000Z' } });
  });

  it.each([
    ['completed', completed],
    ['expired', expiredHistory],
    ['cancelled', cancelledHistory],
  ])('refuses a %s reservation', (_, history) => {
    given(history)
      .when(issue(at('10:30')))
      .thenFails('reservation_closed');
  });

  it('refuses once the period has ended', () => {
    given(active)
      .when(issue(at('12:00')))
      .thenFails('reservation_ended');
  });

  it('issue 24 item 1: refuses before the window starts, saying when the code becomes available (São Paulo time)', () => {
    const error = given(active)
      .when(issue(at('09:59')))
      .thenFails('code_not_yet_available');
    expect(error.message).toBe('O código de acesso estará disponível a partir de 10/01/2030 07:00.');
    expect(error.details).toEqual({ availableAt: iso('10:00') });
    given(pending)
      .when(issue(at('08:00')))
      .thenFails('code_not_yet_available');
    given(active)
      .when(issue(at('10:00')))
      .then([{ type: 'AccessCodeIssued', data: { reservationId, codeHash: 'hash-2', issuedAt: iso('10:00'), expiresAt: iso('10:05') } }]);
  });
});

describe('FinalizeReservation', () => {
  it.each([
    ['pending', pending],
    ['active', active],
  ])('finalizes an open (%s) reservation', (_, history) => {
    given(history)
      .when({ type: 'FinalizeReservation', now: at('11:00') })
      .then([finalized]);
  });

  it('clears the access code', () => {
    const withCode: ReservationEvent = { type: 'AccessCodeIssued', data: { reservationId, codeHash: 'h', issuedAt: iso('10:00'), expiresAt: iso('10:05') } };
    expect(fold(reservationDecider, [...active, withCode, finalized])).toMatchObject({ status: 'completed', code: null });
  });

  it('does nothing when already completed', () => {
    given(completed)
      .when({ type: 'FinalizeReservation', now: at('11:30') })
      .then([]);
  });

  it.each([
    ['expired', expiredHistory],
    ['cancelled', cancelledHistory],
  ])('refuses a %s reservation', (_, history) => {
    given(history)
      .when({ type: 'FinalizeReservation', now: at('12:30') })
      .thenFails('reservation_closed');
  });
});

describe('ExpireReservation', () => {
  it.each([
    ['completed', completed],
    ['expired', expiredHistory],
    ['cancelled', cancelledHistory],
  ])('does nothing for a %s reservation', (_, history) => {
    given(history)
      .when({ type: 'ExpireReservation', now: at('13:00') })
      .then([]);
  });

  it('refuses before the end with reservation_not_due', () => {
    given(active)
      .when({ type: 'ExpireReservation', now: at('11:59') })
      .thenFails('reservation_not_due');
  });

  it('expires exactly at the end', () => {
    given(active)
      .when({ type: 'ExpireReservation', now: at('12:00') })
      .then([expired]);
  });

  it('expires after the end, also when never paid', () => {
    given(pending)
      .when({ type: 'ExpireReservation', now: at('12:30') })
      .then([{ type: 'ReservationExpired', data: { reservationId, at: iso('12:30'), reason: 'ended' } }]);
  });

  it('reads an old expiry event without a reason as the end of the period', () => {
    const old: ReservationEvent = { type: 'ReservationExpired', data: { reservationId, at: iso('12:00') } };
    expect(fold(reservationDecider, [created, old]).status).toBe('expired');
  });
});

// The same reservation booked at 09:50 with a 15-minute payment window: due at 10:05.
const owed: ReservationEvent = { ...created, data: { ...created.data, paymentDueAt: iso('10:05') } };

describe('payment window', () => {
  it('keeps an unpaid reservation until its payment is due', () => {
    given([owed])
      .when({ type: 'ExpireReservation', now: at('10:04') })
      .thenFails('reservation_not_due');
  });

  it('expires an unpaid reservation when its payment is due, as payment_overdue', () => {
    given([owed])
      .when({ type: 'ExpireReservation', now: at('10:05') })
      .then([{ type: 'ReservationExpired', data: { reservationId, at: iso('10:05'), reason: 'payment_overdue' } }]);
  });

  it('no longer applies once paid: the reservation runs to its end', () => {
    const paidOwed = [owed, paid];
    given(paidOwed)
      .when({ type: 'ExpireReservation', now: at('10:30') })
      .thenFails('reservation_not_due');
    expect(fold(reservationDecider, paidOwed)).toMatchObject({ status: 'active', paymentDueMs: null });
  });

  it('refuses a payment after the window closed, even before the expiry is written', () => {
    given([owed])
      .when(confirm(1000, at('10:05')))
      .thenFails('payment_window_closed');
    given([owed])
      .when(confirm(1000, at('10:04')))
      .then([{ type: 'PaymentConfirmed', data: { reservationId, method: 'credit_card', amountCents: 1000, paidAt: iso('10:04') } }]);
  });

  it('issues no more codes for an unpaid reservation past its window', () => {
    given([owed])
      .when(issue(at('10:06')))
      .thenFails('payment_window_closed');
  });

  it('reads a reservation created before the window existed as owing nothing by a deadline', () => {
    expect(fold(reservationDecider, pending)).toMatchObject({ paymentDueMs: null });
  });
});

describe('CancelReservation', () => {
  const cancel = (now: Date): ReservationCommand => ({ type: 'CancelReservation', reason: 'desistência', now });

  it.each([
    ['pending', pending],
    ['active', active],
  ])('cancels a %s reservation', (_, history) => {
    given(history)
      .when(cancel(at('09:58')))
      .then([cancelled]);
  });

  it('does nothing when already cancelled', () => {
    given(cancelledHistory)
      .when(cancel(at('10:00')))
      .then([]);
  });

  it.each([
    ['completed', completed],
    ['expired', expiredHistory],
  ])('refuses a %s reservation', (_, history) => {
    given(history)
      .when(cancel(at('12:30')))
      .thenFails('reservation_closed');
  });
});

describe('unknown reservation', () => {
  it.each<ReservationCommand>([
    confirm(1000, at('09:50')),
    issue(at('09:50')),
    { type: 'FinalizeReservation', now: at('11:00') },
    { type: 'ExpireReservation', now: at('13:00') },
    { type: 'CancelReservation', reason: 'x', now: at('09:50') },
  ])('$type → reservation_not_found', (command) => {
    const error = given([]).when(command).thenFails('reservation_not_found');
    expect(error.kind).toBe('not_found');
  });
});
