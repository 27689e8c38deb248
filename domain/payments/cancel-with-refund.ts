// Cancelling a paid reservation gives money back in the same atomic append: the reservation's
// decider says whether it may be cancelled, this one adds the RefundRequested the policy calls for.
// Composed rather than folded into the reservation's state, so the payment facts stay here.
import type { Decider } from '../shared/decider.js';
import type { CancelledBy, ReservationCommand } from '../reservations/reservation-decide.js';
import { decideReservation } from '../reservations/reservation-decide.js';
import type { ReservationEvent, ReservationState } from '../reservations/reservation-events.js';
import { evolveReservation, initialReservationState } from '../reservations/reservation-events.js';
import type { CancellationRefund, RefundReason } from './cancellation-policy.js';
import { cancellationRefund, REFUND_REASON_TEXT } from './cancellation-policy.js';
import type { MoneyFacts } from './money-facts.js';
import { evolveMoneyFacts, initialMoneyFacts, refundableCents, refundablePayment } from './money-facts.js';

/** RefundReason, plus a cancellation decided by Hub (an admin, a revoked access): everything back. */
export type CancelRefundReason = RefundReason | 'by_hub';

export const CANCEL_REFUND_TEXT: Record<CancelRefundReason, string> = {
  ...REFUND_REASON_TEXT,
  by_hub: 'Cancelamento feito pelo Hub: reembolso integral do valor pago.',
};

export interface CancelRefund extends Omit<CancellationRefund, 'reason'> {
  reason: CancelRefundReason;
}

/**
 * The cancellation refund's id at the PSP (the devolução's `id`, 1–35 letters or digits): one per
 * reservation, so a retried cancel, or a second process doing it, can only ever refund once.
 */
export const cancellationRefundIdOf = (reservationId: string) => `CX${reservationId.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 35);

/** What cancelling now would give back: the policy for the renter, everything when Hub cancels. */
export function cancelRefundOf(state: ReservationState, money: MoneyFacts, by: CancelledBy, nowMs: number): CancelRefund {
  if (state.status === 'none') return { refundCents: 0, reason: 'closed' };
  const paidCents = refundableCents(money);
  const policy = cancellationRefund({ status: state.status, startMs: state.startMs, paidCents }, nowMs);
  if (by === 'hub' && policy.reason !== 'closed' && policy.reason !== 'not_paid') return { refundCents: paidCents, reason: 'by_hub' };
  return policy;
}

export interface PaidReservationState {
  reservation: ReservationState;
  money: MoneyFacts;
}

/** The reservation's decision, with the refund a cancellation owes added to the same events. */
export function decideWithRefund(command: ReservationCommand, state: PaidReservationState): ReservationEvent[] {
  const events = decideReservation(command, state.reservation);
  if (command.type !== 'CancelReservation' || !events.some((e) => e.type === 'ReservationCancelled')) return events;
  const refund = cancelRefundOf(state.reservation, state.money, command.by ?? 'renter', command.now.getTime());
  const payment = refundablePayment(state.money);
  if (refund.refundCents <= 0 || !payment || state.reservation.status === 'none') return events;
  const { reservationId } = state.reservation;
  const requested: ReservationEvent = {
    type: 'RefundRequested',
    data: {
      reservationId,
      refundId: cancellationRefundIdOf(reservationId),
      e2eid: payment.e2eid,
      amountCents: refund.refundCents,
      cause: 'cancellation',
      provider: payment.provider,
      at: command.now.toISOString(),
    },
  };
  return [...events, requested];
}

export const evolvePaidReservation = (state: PaidReservationState, event: ReservationEvent): PaidReservationState => ({
  reservation: evolveReservation(state.reservation, event),
  money: evolveMoneyFacts(state.money, event),
});

export const paidReservationDecider: Decider<ReservationCommand, ReservationEvent, PaidReservationState> = {
  decide: decideWithRefund,
  evolve: evolvePaidReservation,
  initialState: () => ({ reservation: initialReservationState(), money: initialMoneyFacts() }),
};
