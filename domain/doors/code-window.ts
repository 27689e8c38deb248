import { conflict } from '../shared/domain-error.js';
import { formatSaoPauloDateTime } from '../shared/sao-paulo-time.js';
import type { DoorCodeKind } from './door-events.js';

// When a reservation's codes may be issued and may open its locker: the one rule behind the
// booking's code, the renter's code (asked for, rotated or fresh), leaving goods for pickup,
// pickup codes and the door check. Before its start the locker may be another renter's; the
// renter's code stops at the end; goods left for pickup hold the locker past the end until they
// are collected, so a pickup code opens from the start on.

export interface ReservationWindow {
  startMs: number;
  endMs: number;
}

export const CodeWindowMessages = {
  accessNotYet: (startMs: number) => `O código de acesso estará disponível a partir de ${formatSaoPauloDateTime(startMs)}.`,
  pickupNotYet: (startMs: number) => `O código de coleta estará disponível a partir de ${formatSaoPauloDateTime(startMs)}.`,
  leaveNotYet: (startMs: number) => `Os itens só podem ser deixados para coleta a partir de ${formatSaoPauloDateTime(startMs)}, quando a reserva começa.`,
  ended: 'O período desta reserva já terminou.',
} as const;

/** Whether a code of this kind may open the reservation's locker at nowMs. */
export function codeOpens(kind: DoorCodeKind, window: ReservationWindow, nowMs: number): boolean {
  return nowMs >= window.startMs && (kind === 'pickup' || nowMs < window.endMs);
}

const availableAt = (window: ReservationWindow) => ({ availableAt: new Date(window.startMs).toISOString() });

/** Refuses to issue a code that could not open now: early, saying when it will be available. */
export function assertCodeIssuable(kind: DoorCodeKind, window: ReservationWindow, nowMs: number): void {
  if (nowMs < window.startMs) {
    const message = kind === 'access' ? CodeWindowMessages.accessNotYet(window.startMs) : CodeWindowMessages.pickupNotYet(window.startMs);
    throw conflict('code_not_yet_available', message, availableAt(window));
  }
  if (!codeOpens(kind, window, nowMs)) throw conflict('reservation_ended', CodeWindowMessages.ended);
}

/** Goods go into the locker only inside the window: before it nothing of the renter's is there. */
export function assertCanLeaveForPickup(window: ReservationWindow, nowMs: number): void {
  if (nowMs < window.startMs) throw conflict('reservation_not_started', CodeWindowMessages.leaveNotYet(window.startMs), availableAt(window));
  if (nowMs >= window.endMs) throw conflict('reservation_ended', CodeWindowMessages.ended);
}
