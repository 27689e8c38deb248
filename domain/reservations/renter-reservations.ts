import type { DomainEvent } from '../shared/decider.js';
import { conflict } from '../shared/domain-error.js';
import type { ReservationEvent } from './reservation-events.js';

// One stream per renter records when each of their reservations stops holding a locker, so the
// limit "at most N active reservations" is decided on the write side: two bookings by one renter
// both append to this stream with an expected version, and the loser decides again on the fresh
// count. Active means open and not yet over: an unpaid one counts until its payment window
// closes, a paid one until its end, whether or not the expiry event has been written yet.

export type RenterEvent =
  | DomainEvent<'RenterReservationOpened', { userId: string; reservationId: string; endTime: string; paymentDueAt: string | null }>
  | DomainEvent<'RenterReservationPaid', { userId: string; reservationId: string }>
  | DomainEvent<'RenterReservationClosed', { userId: string; reservationId: string }>;

interface Held {
  reservationId: string;
  endMs: number;
  paymentDueMs: number | null;
}

export interface RenterState {
  held: Held[];
}

export const initialRenterState = (): RenterState => ({ held: [] });

export const renterStreamId = (userId: string) => `renter-${userId}`;

export function evolveRenter(state: RenterState, event: RenterEvent): RenterState {
  const { reservationId } = event.data;
  switch (event.type) {
    case 'RenterReservationOpened': {
      const { endTime, paymentDueAt } = event.data;
      const held = { reservationId, endMs: Date.parse(endTime), paymentDueMs: paymentDueAt ? Date.parse(paymentDueAt) : null };
      return { held: [...state.held.filter((h) => h.reservationId !== reservationId), held] };
    }
    case 'RenterReservationPaid':
      return { held: state.held.map((h) => (h.reservationId === reservationId ? { ...h, paymentDueMs: null } : h)) };
    case 'RenterReservationClosed':
      return { held: state.held.filter((h) => h.reservationId !== reservationId) };
  }
}

export const activeReservations = (state: RenterState, nowMs: number) =>
  state.held.filter((h) => h.endMs > nowMs && (h.paymentDueMs === null || h.paymentDueMs > nowMs)).length;

export const limitMessage = (limit: number) =>
  `Você atingiu o limite de ${limit} ${limit === 1 ? 'reserva ativa' : 'reservas ativas'}.`;

/** Opening one more reservation, unless the renter already holds `limit` active ones. */
export function decideOpen(
  state: RenterState,
  open: { userId: string; reservationId: string; endTime: string; paymentDueAt: string | null; now: Date; limit: number },
): RenterEvent[] {
  if (state.held.some((h) => h.reservationId === open.reservationId)) return [];
  if (activeReservations(state, open.now.getTime()) >= open.limit) throw conflict('reservation_limit', limitMessage(open.limit));
  const { userId, reservationId, endTime, paymentDueAt } = open;
  return [{ type: 'RenterReservationOpened', data: { userId, reservationId, endTime, paymentDueAt } }];
}

/** What a reservation's own new events mean for its renter's stream (appended with them). */
export function renterFactsOf(userId: string, events: readonly ReservationEvent[]): RenterEvent[] {
  return events.flatMap((event): RenterEvent[] => {
    const { reservationId } = event.data;
    if (event.type === 'PaymentConfirmed') return [{ type: 'RenterReservationPaid', data: { userId, reservationId } }];
    if (
      event.type === 'ReservationFinalized' ||
      event.type === 'ReservationCancelled' ||
      event.type === 'ReservationExpired' ||
      event.type === 'PickupCompleted'
    ) {
      return [{ type: 'RenterReservationClosed', data: { userId, reservationId } }];
    }
    return [];
  });
}
