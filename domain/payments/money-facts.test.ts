import { describe, expect, it } from 'vitest';
import type { ReservationEvent } from '../reservations/reservation-events.js';
import { created, iso, paid, reservationId } from '../reservations/reservation-spec-fixtures.js';
import { moneyFactsOf, refundableCents, renterPaidCents, shownRefund, unsettledRefunds } from './money-facts.js';

const requested = (refundId: string, amountCents: number): ReservationEvent => ({
  type: 'RefundRequested',
  data: { reservationId, refundId, e2eid: null, amountCents, cause: 'cancellation', provider: 'simulated', at: iso('08:00') },
});
const settled = (refundId: string, status: 'DEVOLVIDO' | 'NAO_REALIZADO'): ReservationEvent => ({
  type: 'RefundSettled',
  data: { reservationId, refundId, status, rtrId: status === 'DEVOLVIDO' ? 'D123' : null, at: iso('08:01') },
});

describe('the money facts of a reservation', () => {
  it('knows what was paid, by whom and through which provider', () => {
    const facts = moneyFactsOf([created, paid]);
    expect(facts.payments).toEqual([{ method: 'pix', amountCents: 1000, provider: 'simulated', txid: null, e2eid: null, paidAt: iso('09:55') }]);
    expect(renterPaidCents(facts)).toBe(1000);
    expect(shownRefund(facts)).toBeNull();
  });

  it('follows a refund from asked to settled', () => {
    expect(shownRefund(moneyFactsOf([created, paid, requested('R1', 500)]))).toEqual({ amountCents: 500, status: 'pending' });
    const done = moneyFactsOf([created, paid, requested('R1', 500), settled('R1', 'DEVOLVIDO')]);
    expect(shownRefund(done)).toEqual({ amountCents: 500, status: 'refunded' });
    expect(done.refunds[0]).toMatchObject({ rtrId: 'D123', settledAt: iso('08:01') });
    expect(unsettledRefunds(done)).toEqual([]);
    expect(refundableCents(done)).toBe(500);
  });

  it('a refused refund gives nothing back, so it does not count as refunded', () => {
    const refused = moneyFactsOf([created, paid, requested('R1', 1000), settled('R1', 'NAO_REALIZADO')]);
    expect(shownRefund(refused)).toEqual({ amountCents: 1000, status: 'failed' });
    expect(refundableCents(refused)).toBe(1000);
  });

  it('a partner invoice is not refundable to a renter, and a repeated request counts once', () => {
    const invoiced: ReservationEvent = {
      type: 'PaymentConfirmed',
      data: { reservationId, method: 'partner_invoice', amountCents: 1000, paidAt: iso('09:55') },
    };
    expect(refundableCents(moneyFactsOf([created, invoiced]))).toBe(0);
    expect(moneyFactsOf([created, paid, requested('R1', 500), requested('R1', 500)]).refunds).toHaveLength(1);
  });
});
