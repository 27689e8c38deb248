import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec.js';
import { fold } from '../shared/decider.js';
import type { ReservationEvent } from '../reservations/reservation-events.js';
import { at, created, iso, paid, reservationId } from '../reservations/reservation-spec-fixtures.js';
import type { CancelledBy } from '../reservations/reservation-decide.js';
import { cancellationRefundIdOf, cancelRefundOf, paidReservationDecider } from './cancel-with-refund.js';

// The fixture's reservation starts at 10:00 on 10/01/2030 and was paid R$ 10,00 by PIX (simulated).
const given = specFor(paidReservationDecider);
const refundId = cancellationRefundIdOf(reservationId);
const cancel = (now: Date, by?: CancelledBy) => ({ type: 'CancelReservation' as const, reason: 'desistência', by, now });
const cancelled = (now: Date): ReservationEvent => ({ type: 'ReservationCancelled', data: { reservationId, at: now.toISOString(), reason: 'desistência' } });
const requested = (now: Date, amountCents: number, extra: Partial<{ e2eid: string | null; provider: 'simulated' | 'bcb_pix' }> = {}): ReservationEvent => ({
  type: 'RefundRequested',
  data: { reservationId, refundId, e2eid: null, amountCents, cause: 'cancellation', provider: 'simulated', at: now.toISOString(), ...extra },
});
const dayBefore = (hhmm: string) => new Date(`2030-01-09T${hhmm}:00.000Z`);

describe('cancelling a paid reservation refunds per the policy', () => {
  it('25 h ahead: everything back, in the same append as the cancellation', () => {
    const now = new Date('2030-01-09T09:00:00.000Z');
    given([created, paid])
      .when(cancel(now))
      .then([cancelled(now), requested(now, 1000)]);
  });

  it('2 h ahead: half back', () => {
    given([created, paid])
      .when(cancel(at('08:00')))
      .then([cancelled(at('08:00')), requested(at('08:00'), 500)]);
  });

  it('once started: the cancellation alone, nothing back', () => {
    given([created, paid])
      .when(cancel(at('10:30')))
      .then([cancelled(at('10:30'))]);
  });

  it('unpaid: nothing to refund', () => {
    given([created])
      .when(cancel(at('08:00')))
      .then([cancelled(at('08:00'))]);
  });

  it('cancelled by Hub (an admin, a revoked access): everything back even under 24 h', () => {
    given([created, paid])
      .when(cancel(at('08:00'), 'hub'))
      .then([cancelled(at('08:00')), requested(at('08:00'), 1000)]);
  });

  it('refunds a PSP payment through its e2eid and provider', () => {
    const psp: ReservationEvent = {
      type: 'PaymentConfirmed',
      data: { reservationId, method: 'pix', amountCents: 1000, paidAt: iso('09:55'), txid: 'TX1', e2eid: 'E123', provider: 'bcb_pix' },
    };
    const now = dayBefore('08:00');
    given([created, psp])
      .when(cancel(now))
      .then([cancelled(now), requested(now, 1000, { e2eid: 'E123', provider: 'bcb_pix' })]);
  });

  it("a partner's invoice is not the renter's money: nothing back", () => {
    const invoiced: ReservationEvent = {
      type: 'PaymentConfirmed',
      data: { reservationId, method: 'partner_invoice', amountCents: 1000, paidAt: iso('09:55') },
    };
    given([created, invoiced])
      .when(cancel(dayBefore('08:00'), 'hub'))
      .then([cancelled(dayBefore('08:00'))]);
  });

  it('a retried cancel changes nothing and refunds nothing twice', () => {
    const now = dayBefore('08:00');
    given([created, paid, cancelled(now), requested(now, 1000)])
      .when(cancel(at('08:30')))
      .then([]);
  });

  it('refuses a closed reservation', () => {
    const finalized: ReservationEvent = { type: 'ReservationFinalized', data: { reservationId, at: iso('11:00') } };
    given([created, paid, finalized])
      .when(cancel(at('11:30')))
      .thenFails('reservation_closed');
  });

  it('the refund id is one per reservation and fits the API Pix (1–35 letters or digits)', () => {
    const id = cancellationRefundIdOf('0b6a3f52-5c0e-4f3a-9a55-2f3c2f7f1e10');
    expect(id).toMatch(/^[A-Za-z0-9]{1,35}$/);
    expect(cancellationRefundIdOf('0b6a3f52-5c0e-4f3a-9a55-2f3c2f7f1e10')).toBe(id);
  });

  it('what cancelling now would refund, as the cancel screen shows it', () => {
    const state = fold(paidReservationDecider, [created, paid]);
    expect(cancelRefundOf(state.reservation, state.money, 'renter', at('08:00').getTime())).toEqual({ refundCents: 500, reason: 'partial_under_24h' });
    expect(cancelRefundOf(state.reservation, state.money, 'hub', at('08:00').getTime())).toEqual({ refundCents: 1000, reason: 'by_hub' });
  });
});
