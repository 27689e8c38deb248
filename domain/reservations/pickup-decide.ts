import { assertCanLeaveForPickup, assertCodeIssuable } from '../doors/code-window.js';
import { conflict, forbidden, notFound } from '../shared/domain-error.js';
import type { ReservationEvent, ReservationState } from './reservation-events.js';

// The pickup part of a reservation's life (docs/logistics-api.md): the renter leaves the item,
// one logistics user claims it, gets a pickup code and completes the pickup.

export const PICKUP_CODE_TTL_MS = 300_000;

export type PickupCommand =
  | { type: 'LeaveForPickup'; now: Date }
  | { type: 'ClaimPickup'; userId: string; now: Date }
  /** Claims the item too when nobody has; replaces (invalidates) a live earlier code. */
  | { type: 'IssuePickupCode'; userId: string; codeHash: string; now: Date }
  /** An admin may complete an item claimed by someone else (or by nobody). */
  | { type: 'CompletePickup'; userId: string; asAdmin: boolean; now: Date };

export const PickupMessages = {
  notFound: 'Reserva não encontrada.',
  notActive: 'Somente uma reserva ativa pode ser deixada para coleta.',
  notAwaiting: 'Esta reserva não aguarda coleta.',
  notClaimer: 'Apenas quem assumiu esta coleta pode concluí-la.',
  // The name is the edge's to fill in: the domain knows only the user id.
  alreadyClaimed: 'Esta coleta já foi assumida por outra pessoa.',
} as const;

const pickupTypes = new Set(['LeaveForPickup', 'ClaimPickup', 'IssuePickupCode', 'CompletePickup']);
export const isPickupCommand = (command: { type: string }): command is PickupCommand => pickupTypes.has(command.type);

export function decidePickup(command: PickupCommand, state: ReservationState): ReservationEvent[] {
  if (state.status === 'none') throw notFound('reservation_not_found', PickupMessages.notFound);
  const { reservationId } = state;
  const at = command.now.toISOString();
  if (command.type === 'LeaveForPickup') {
    if (state.status === 'awaiting_pickup') return [];
    if (state.status !== 'active') throw conflict('reservation_not_active', PickupMessages.notActive);
    assertCanLeaveForPickup(state, command.now.getTime());
    return [{ type: 'LeftForPickup', data: { reservationId, at } }];
  }
  if (command.type === 'CompletePickup' && state.status === 'completed' && state.claimedBy !== null) return [];
  if (state.status !== 'awaiting_pickup') throw conflict('not_awaiting_pickup', PickupMessages.notAwaiting);
  const { userId } = command;
  const claimedByOther = state.claimedBy !== null && state.claimedBy !== userId;
  switch (command.type) {
    case 'ClaimPickup':
      if (state.claimedBy === userId) return [];
      if (claimedByOther) throw conflict('already_claimed', PickupMessages.alreadyClaimed);
      return [{ type: 'PickupClaimed', data: { reservationId, userId, at } }];
    case 'IssuePickupCode': {
      if (claimedByOther) throw conflict('already_claimed', PickupMessages.alreadyClaimed);
      const now = command.now.getTime();
      assertCodeIssuable('pickup', state, now);
      const claim: ReservationEvent[] = state.claimedBy === null ? [{ type: 'PickupClaimed', data: { reservationId, userId, at } }] : [];
      const live = state.pickupCode !== null && Date.parse(state.pickupCode.expiresAt) > now;
      const replaced: ReservationEvent[] = live ? [{ type: 'CodeInvalidated', data: { reservationId, codeKind: 'pickup', reason: 'replaced', at } }] : [];
      const expiresAt = new Date(now + PICKUP_CODE_TTL_MS).toISOString();
      return [...claim, ...replaced, { type: 'PickupCodeIssued', data: { reservationId, userId, codeHash: command.codeHash, issuedAt: at, expiresAt } }];
    }
    case 'CompletePickup':
      if (claimedByOther && !command.asAdmin) throw forbidden('not_claimer', PickupMessages.notClaimer);
      if (state.claimedBy === null && !command.asAdmin) throw forbidden('not_claimer', PickupMessages.notClaimer);
      return [{ type: 'PickupCompleted', data: { reservationId, userId, at } }];
  }
}
