// What cancelling a reservation refunds (the terms' "Cancelamentos e Reembolsos", one rule for the
// cancel screen, the API and the refund itself). Pure: the moment of cancelling is passed in.

/** Why a cancellation refunds what it does; the screen and the API say it with REFUND_REASON_TEXT. */
export type RefundReason = 'not_paid' | 'full_24h' | 'partial_under_24h' | 'started' | 'closed';

export interface CancellationRefund {
  refundCents: number;
  reason: RefundReason;
}

/** How long before the start a cancellation still gets everything back. */
export const FULL_REFUND_NOTICE_MS = 24 * 60 * 60_000;
/** The share refunded for a cancellation under 24 hours ahead but before the start, in percent. */
export const LATE_CANCELLATION_REFUND_PERCENT = 50;

export const REFUND_REASON_TEXT: Record<RefundReason, string> = {
  not_paid: 'Esta reserva ainda não foi paga: não há valor a reembolsar.',
  full_24h: 'Cancelamento com mais de 24 horas de antecedência: reembolso integral.',
  partial_under_24h: 'Cancelamento com menos de 24 horas de antecedência: reembolso de 50% do valor pago.',
  started: 'A reserva já começou: o valor pago não é reembolsado.',
  closed: 'Esta reserva não pode mais ser cancelada.',
};

export interface CancellationFacts {
  status: 'pending' | 'active' | 'awaiting_pickup' | 'completed' | 'cancelled' | 'expired';
  startMs: number;
  /** What the renter paid for the booking, in cents (0 when unpaid or paid by a partner's invoice). */
  paidCents: number;
}

/**
 * ≥ 24 h before the start: everything back; under 24 h but before the start: half (rounded down
 * to the cent, so Hub never refunds more than the rule says); from the start on: nothing.
 */
export function cancellationRefund(facts: CancellationFacts, nowMs: number): CancellationRefund {
  if (facts.status !== 'pending' && facts.status !== 'active') return { refundCents: 0, reason: 'closed' };
  if (facts.status === 'pending' || facts.paidCents <= 0) return { refundCents: 0, reason: 'not_paid' };
  const notice = facts.startMs - nowMs;
  if (notice >= FULL_REFUND_NOTICE_MS) return { refundCents: facts.paidCents, reason: 'full_24h' };
  if (notice > 0) return { refundCents: Math.floor((facts.paidCents * LATE_CANCELLATION_REFUND_PERCENT) / 100), reason: 'partial_under_24h' };
  return { refundCents: 0, reason: 'started' };
}
