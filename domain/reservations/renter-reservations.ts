import type { Decider, DomainEvent } from '../shared/decider.js';
import { DomainError, conflict } from '../shared/domain-error.js';
import type { ReservationEvent } from './reservation-events.js';
import { UNPAID_HOLD_RULE, checkUnpaidHold } from './unpaid-holds.js';

// One stream per renter records when each of their reservations stops holding a locker, so the
// limit "at most N active reservations" is decided on the write side: two bookings by one renter
// both append to this stream with an expected version, and the loser decides again on the fresh
// count. Active means open and not yet over: an unpaid one counts until its payment window
// closes, a paid one until its end, whether or not the expiry event has been written yet.
// The same stream holds the renter to the unpaid-hold rule (unpaid-holds.ts, ADR 0016): it knows
// which of their reservations wait for payment and when they let unpaid ones go.

export type RenterEvent =
  | DomainEvent<'RenterReservationOpened', { userId: string; reservationId: string; endTime: string; paymentDueAt: string | null }>
  | DomainEvent<'RenterReservationPaid', { userId: string; reservationId: string }>
  // `at`: when it closed; `byStaff`: someone else (an admin) cancelled or ended it, which is not
  // the renter dropping a hold. Both added with ADR 0016: older events read as closed at its
  // payment deadline, by the renter.
  | DomainEvent<'RenterReservationClosed', { userId: string; reservationId: string; at?: string; byStaff?: boolean }>;

interface Held {
  reservationId: string;
  endMs: number;
  paymentDueMs: number | null;
}

export interface RenterState {
  held: Held[];
  /** When unpaid holds were dropped (closed before payment), oldest first; the last few only. */
  drops: number[];
}

export const initialRenterState = (): RenterState => ({ held: [], drops: [] });

export const renterStreamId = (userId: string) => `renter-${userId}`;

export function evolveRenter(state: RenterState, event: RenterEvent): RenterState {
  const { reservationId } = event.data;
  switch (event.type) {
    case 'RenterReservationOpened': {
      const { endTime, paymentDueAt } = event.data;
      const held = { reservationId, endMs: Date.parse(endTime), paymentDueMs: paymentDueAt ? Date.parse(paymentDueAt) : null };
      return { ...state, held: [...state.held.filter((h) => h.reservationId !== reservationId), held] };
    }
    case 'RenterReservationPaid':
      return { ...state, held: state.held.map((h) => (h.reservationId === reservationId ? { ...h, paymentDueMs: null } : h)) };
    case 'RenterReservationClosed': {
      const closed = state.held.find((h) => h.reservationId === reservationId);
      const held = state.held.filter((h) => h.reservationId !== reservationId);
      if (!closed || closed.paymentDueMs === null || event.data.byStaff) return { ...state, held };
      // Dropped unpaid: when it closed, or its deadline if that came first (it stopped holding then).
      const at = event.data.at ? Date.parse(event.data.at) : closed.paymentDueMs;
      return { held, drops: [...state.drops, Math.min(at, closed.paymentDueMs)].slice(-UNPAID_HOLD_RULE.keptDrops) };
    }
  }
}

export const activeReservations = (state: RenterState, nowMs: number) =>
  state.held.filter((h) => h.endMs > nowMs && (h.paymentDueMs === null || h.paymentDueMs > nowMs)).length;

/** Unpaid reservations still inside their payment window. */
export const unpaidHolds = (state: RenterState, nowMs: number) =>
  state.held.filter((h) => h.paymentDueMs !== null && h.paymentDueMs > nowMs && h.endMs > nowMs).length;

/** When the renter let unpaid holds go: closed ones, and those whose window passed unclosed. */
export const dropTimes = (state: RenterState, nowMs: number): number[] => [
  ...state.drops,
  ...state.held.flatMap((h) => (h.paymentDueMs !== null && h.paymentDueMs <= nowMs ? [h.paymentDueMs] : [])),
];

export const limitMessage = (limit: number) => `Você atingiu o limite de ${limit} ${limit === 1 ? 'reserva ativa' : 'reservas ativas'}.`;

export interface OpenRequest {
  userId: string;
  reservationId: string;
  endTime: string;
  /** Null for a booking that owes nothing (a free locker): it is no unpaid hold. */
  paymentDueAt: string | null;
  now: Date;
  limit: number;
  /** Unpaid holds one renter may have at once (MAX_UNPAID_HOLDS); the rule's 1 when left out. */
  unpaidLimit?: number;
}

/**
 * Opening one more reservation, unless the renter already holds `limit` active ones, or it would
 * be an unpaid hold the unpaid-hold rule refuses.
 */
export function decideOpen(state: RenterState, open: OpenRequest): RenterEvent[] {
  if (state.held.some((h) => h.reservationId === open.reservationId)) return [];
  const nowMs = open.now.getTime();
  if (activeReservations(state, nowMs) >= open.limit) throw conflict('reservation_limit', limitMessage(open.limit));
  if (open.paymentDueAt !== null) checkUnpaidHold({ unpaidNow: unpaidHolds(state, nowMs), dropTimes: dropTimes(state, nowMs) }, nowMs, open.unpaidLimit);
  const { userId, reservationId, endTime, paymentDueAt } = open;
  return [{ type: 'RenterReservationOpened', data: { userId, reservationId, endTime, paymentDueAt } }];
}

/** The renter's stream as a decider: its one command opens a reservation. */
export const renterDecider: Decider<OpenRequest, RenterEvent, RenterState> = {
  decide: (open, state) => decideOpen(state, open),
  evolve: evolveRenter,
  initialState: initialRenterState,
};

/** Why decideOpen refused, or null when it would open: lets a caller pick another renter (seeds). */
export function openRefusal(state: RenterState, open: OpenRequest): DomainError | null {
  try {
    decideOpen(state, open);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

/** The refusals a fresher read of the renter's stream may lift (one of theirs closed or was paid). */
export const isRenterRefusal = (error: unknown) =>
  error instanceof DomainError && (error.code === 'reservation_limit' || error.code === 'unpaid_hold_pending' || error.code === 'unpaid_hold_cooldown');

/**
 * What a reservation's own new events mean for its renter's stream (appended with them).
 * `actorId`: who ran the command; a cancel or an early end by anyone but the renter (an admin)
 * is not the renter dropping a hold. An expiry is the renter's, whoever writes it: time decides.
 */
export function renterFactsOf(userId: string, events: readonly ReservationEvent[], actorId: string = userId): RenterEvent[] {
  return events.flatMap((event): RenterEvent[] => {
    const { reservationId } = event.data;
    if (event.type === 'PaymentConfirmed') return [{ type: 'RenterReservationPaid', data: { userId, reservationId } }];
    if (event.type === 'ReservationFinalized' || event.type === 'ReservationCancelled') {
      const byStaff = actorId !== userId ? { byStaff: true } : {};
      return [{ type: 'RenterReservationClosed', data: { userId, reservationId, at: event.data.at, ...byStaff } }];
    }
    if (event.type === 'ReservationExpired' || event.type === 'PickupCompleted') {
      return [{ type: 'RenterReservationClosed', data: { userId, reservationId, at: event.data.at } }];
    }
    return [];
  });
}
