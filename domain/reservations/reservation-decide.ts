import { assertCodeIssuable } from '../doors/code-window.js';
import type { Decider } from '../shared/decider.js';
import type { PaymentProvider } from '../payments/pix-facts.js';
import { conflict, invalid, notFound } from '../shared/domain-error.js';
import type { PickupCommand } from './pickup-decide.js';
import { decidePickup, isPickupCommand } from './pickup-decide.js';
import type { PaymentMethod, ReservationEvent, ReservationState } from './reservation-events.js';
import { codeExpiry, evolveReservation, initialReservationState, isOpen } from './reservation-events.js';

export const ACCESS_CODE_TTL_MS = 300_000;

export type ReservationCommand =
  // txid/provider: the PIX charge it pays, when the simulated provider's "Pagar" confirms it (issue 28).
  | { type: 'ConfirmPayment'; method: PaymentMethod; amountCents: number; now: Date; txid?: string; provider?: PaymentProvider }
  | { type: 'IssueAccessCode'; codeHash: string; now: Date }
  | { type: 'FinalizeReservation'; now: Date }
  | { type: 'ExpireReservation'; now: Date }
  | { type: 'CancelReservation'; reason: string; by?: CancelledBy; now: Date }
  | PickupCommand;

/**
 * Who cancels: the renter (or the partner for its customer) gets back what the cancellation policy
 * says; 'hub' (an admin, an access revocation) is Hub's own decision, so everything paid goes
 * back (domain/payments/cancel-with-refund.ts). Absent: the renter.
 */
export type CancelledBy = 'renter' | 'hub';

export const ReservationMessages = {
  notFound: 'Reserva não encontrada.',
  notPending: 'Esta reserva não aguarda pagamento.',
  wrongAmount: 'O valor pago não corresponde ao preço da reserva.',
  closed: 'Esta reserva não está mais ativa.',
  ended: 'O período desta reserva já terminou.',
  notDue: 'A reserva ainda não terminou.',
  paymentWindowClosed: 'O prazo para pagamento desta reserva terminou.',
} as const;

export function decideReservation(command: ReservationCommand, state: ReservationState): ReservationEvent[] {
  if (state.status === 'none') throw notFound('reservation_not_found', ReservationMessages.notFound);
  if (isPickupCommand(command)) return decidePickup(command, state);
  const { reservationId } = state;
  const now = command.now.getTime();
  const at = command.now.toISOString();

  switch (command.type) {
    case 'ConfirmPayment':
      if (state.status !== 'pending') throw conflict('reservation_not_pending', ReservationMessages.notPending);
      if (now >= state.endMs) throw conflict('reservation_ended', ReservationMessages.ended);
      if (state.paymentDueMs !== null && now >= state.paymentDueMs) throw conflict('payment_window_closed', ReservationMessages.paymentWindowClosed);
      if (command.amountCents !== state.priceCents) throw invalid('wrong_amount', ReservationMessages.wrongAmount);
      return [
        {
          type: 'PaymentConfirmed',
          data: {
            reservationId,
            method: command.method,
            amountCents: command.amountCents,
            paidAt: at,
            ...(command.txid ? { txid: command.txid } : {}),
            ...(command.provider ? { provider: command.provider } : {}),
          },
        },
      ];
    case 'IssueAccessCode':
      if (!isOpen(state.status)) throw conflict('reservation_closed', ReservationMessages.closed);
      // Only inside the reservation's own window: before it the locker may be another renter's.
      assertCodeIssuable('access', state, now);
      if (state.status === 'pending' && state.paymentDueMs !== null && now >= state.paymentDueMs) {
        throw conflict('payment_window_closed', ReservationMessages.paymentWindowClosed);
      }
      return [
        {
          type: 'AccessCodeIssued',
          data: { reservationId, codeHash: command.codeHash, issuedAt: at, expiresAt: codeExpiry(now, state.endMs, ACCESS_CODE_TTL_MS) },
        },
      ];
    case 'FinalizeReservation':
      if (state.status === 'completed') return [];
      if (!isOpen(state.status)) throw conflict('reservation_closed', ReservationMessages.closed);
      return [{ type: 'ReservationFinalized', data: { reservationId, at } }];
    case 'ExpireReservation':
      // Both the delayed job and the sweeper may ask: a closed reservation is a no-op. An unpaid
      // one also expires when its payment window closes, which frees its locker early.
      if (!isOpen(state.status)) return [];
      if (now >= state.endMs) return [{ type: 'ReservationExpired', data: { reservationId, at, reason: 'ended' } }];
      if (state.status === 'pending' && state.paymentDueMs !== null && now >= state.paymentDueMs) {
        return [{ type: 'ReservationExpired', data: { reservationId, at, reason: 'payment_overdue' } }];
      }
      throw conflict('reservation_not_due', ReservationMessages.notDue);
    case 'CancelReservation':
      if (state.status === 'cancelled') return [];
      if (!isOpen(state.status)) throw conflict('reservation_closed', ReservationMessages.closed);
      return [{ type: 'ReservationCancelled', data: { reservationId, at, reason: command.reason } }];
  }
}

export const reservationDecider: Decider<ReservationCommand, ReservationEvent, ReservationState> = {
  decide: decideReservation,
  evolve: evolveReservation,
  initialState: initialReservationState,
};
