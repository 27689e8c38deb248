import type { Decider } from '../shared/decider.js';
import { conflict, invalid, notFound } from '../shared/domain-error.js';
import type { PaymentMethod, ReservationEvent, ReservationState } from './reservation-events.js';
import { evolveReservation, initialReservationState, isOpen } from './reservation-events.js';

export const ACCESS_CODE_TTL_MS = 300_000;

export type ReservationCommand =
  | { type: 'ConfirmPayment'; method: PaymentMethod; amountCents: number; now: Date }
  | { type: 'IssueAccessCode'; codeHash: string; now: Date }
  | { type: 'FinalizeReservation'; now: Date }
  | { type: 'ExpireReservation'; now: Date }
  | { type: 'CancelReservation'; reason: string; now: Date };

export const ReservationMessages = {
  notFound: 'Reserva não encontrada.',
  notPending: 'Esta reserva não aguarda pagamento.',
  wrongAmount: 'O valor pago não corresponde ao preço da reserva.',
  closed: 'Esta reserva não está mais ativa.',
  ended: 'O período desta reserva já terminou.',
  notDue: 'A reserva ainda não terminou.',
} as const;

export function decideReservation(command: ReservationCommand, state: ReservationState): ReservationEvent[] {
  if (state.status === 'none') throw notFound('reservation_not_found', ReservationMessages.notFound);
  const { reservationId } = state;
  const now = command.now.getTime();
  const at = command.now.toISOString();

  switch (command.type) {
    case 'ConfirmPayment':
      if (state.status !== 'pending') throw conflict('reservation_not_pending', ReservationMessages.notPending);
      if (now >= state.endMs) throw conflict('reservation_ended', ReservationMessages.ended);
      if (command.amountCents !== state.priceCents) throw invalid('wrong_amount', ReservationMessages.wrongAmount);
      return [{ type: 'PaymentConfirmed', data: { reservationId, method: command.method, amountCents: command.amountCents, paidAt: at } }];
    case 'IssueAccessCode':
      if (!isOpen(state.status)) throw conflict('reservation_closed', ReservationMessages.closed);
      if (now >= state.endMs) throw conflict('reservation_ended', ReservationMessages.ended);
      return [
        {
          type: 'AccessCodeIssued',
          data: { reservationId, codeHash: command.codeHash, issuedAt: at, expiresAt: new Date(now + ACCESS_CODE_TTL_MS).toISOString() },
        },
      ];
    case 'FinalizeReservation':
      if (state.status === 'completed') return [];
      if (!isOpen(state.status)) throw conflict('reservation_closed', ReservationMessages.closed);
      return [{ type: 'ReservationFinalized', data: { reservationId, at } }];
    case 'ExpireReservation':
      // Both the delayed job and the sweeper may ask: a closed reservation is a no-op.
      if (!isOpen(state.status)) return [];
      if (now < state.endMs) throw conflict('reservation_not_due', ReservationMessages.notDue);
      return [{ type: 'ReservationExpired', data: { reservationId, at } }];
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
