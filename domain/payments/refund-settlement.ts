// A refund the PSP has answered for becomes RefundSettled, once: whoever asked for it (a
// cancellation, a late PIX), however many processes report the same answer. Pure.
import type { ReservationEvent } from '../reservations/reservation-events.js';
import type { PixRefundStatus } from './pix-facts.js';
import type { MoneyFacts } from './money-facts.js';

/** What the PSP said of a refund (the payment port's RefundReading, in domain words). */
export interface RefundOutcome {
  refundId: string;
  status: PixRefundStatus;
  rtrId: string | null;
}

/** [] when the refund is unknown, already settled, or still EM_PROCESSAMENTO at the PSP. */
export function decideRefundSettled(reservationId: string, money: MoneyFacts, outcome: RefundOutcome, now: Date): ReservationEvent[] {
  const refund = money.refunds.find((r) => r.refundId === outcome.refundId);
  if (!refund || refund.status !== 'requested' || outcome.status === 'EM_PROCESSAMENTO') return [];
  return [{ type: 'RefundSettled', data: { reservationId, refundId: outcome.refundId, status: outcome.status, rtrId: outcome.rtrId, at: now.toISOString() } }];
}
