import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancellationRefund, FULL_REFUND_NOTICE_MS } from './cancellation-policy.js';

const start = Date.parse('2026-12-10T12:00:00.000Z');
const hours = (h: number) => h * 3_600_000;
const paid = { status: 'active' as const, startMs: start, paidCents: 2_500 };

describe('the cancellation policy', () => {
  it('refunds everything 25 h ahead, and exactly at 24 h', () => {
    expect(cancellationRefund(paid, start - hours(25))).toEqual({ refundCents: 2_500, reason: 'full_24h' });
    expect(cancellationRefund(paid, start - FULL_REFUND_NOTICE_MS)).toEqual({ refundCents: 2_500, reason: 'full_24h' });
  });

  it('refunds half under 24 h ahead, rounded down to the cent', () => {
    expect(cancellationRefund(paid, start - hours(2))).toEqual({ refundCents: 1_250, reason: 'partial_under_24h' });
    expect(cancellationRefund({ ...paid, paidCents: 1_001 }, start - FULL_REFUND_NOTICE_MS + 1)).toEqual({ refundCents: 500, reason: 'partial_under_24h' });
  });

  it('refunds nothing once the reservation has begun', () => {
    expect(cancellationRefund(paid, start)).toEqual({ refundCents: 0, reason: 'started' });
    expect(cancellationRefund(paid, start + hours(1))).toEqual({ refundCents: 0, reason: 'started' });
  });

  it('has nothing to refund on an unpaid reservation, and refuses a closed one', () => {
    expect(cancellationRefund({ ...paid, status: 'pending', paidCents: 0 }, start - hours(30))).toEqual({ refundCents: 0, reason: 'not_paid' });
    expect(cancellationRefund({ ...paid, paidCents: 0 }, start - hours(30))).toEqual({ refundCents: 0, reason: 'not_paid' });
    for (const status of ['completed', 'cancelled', 'expired', 'awaiting_pickup'] as const) {
      expect(cancellationRefund({ ...paid, status }, start - hours(30))).toEqual({ refundCents: 0, reason: 'closed' });
    }
  });

  it('never refunds more than was paid, and refunds less the later one cancels', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_00 }), fc.integer({ min: -hours(48), max: hours(48) }), fc.nat(hours(48)), (cents, offset, later) => {
        const early = cancellationRefund({ ...paid, paidCents: cents }, start + offset);
        const late = cancellationRefund({ ...paid, paidCents: cents }, start + offset + later);
        expect(early.refundCents).toBeGreaterThanOrEqual(0);
        expect(early.refundCents).toBeLessThanOrEqual(cents);
        expect(late.refundCents).toBeLessThanOrEqual(early.refundCents);
      }),
    );
  });
});
