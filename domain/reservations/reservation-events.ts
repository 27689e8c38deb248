import type { DomainEvent } from '../shared/decider.js';
import type { LockerSize } from '../hubs/hub-events.js';

// Wire values of the reservation status (ARCHITECTURE.md, language of the domain).
export type ReservationStatus = 'pending' | 'active' | 'awaiting_pickup' | 'completed' | 'cancelled' | 'expired';

export type ReservationEvent =
  | DomainEvent<
      'ReservationCreated',
      {
        reservationId: string;
        userId: string;
        hubId: string;
        lockerId: string;
        lockerSize: LockerSize;
        lockerOrderNumber: number;
        startTime: string;
        endTime: string;
        pricePerHourCents: number;
        priceCents: number;
        /** UTC days whose schedule streams hold this booking. */
        periods: string[];
      }
    >
  | DomainEvent<'PaymentConfirmed', { reservationId: string; method: PaymentMethod; amountCents: number; paidAt: string }>
  // The code itself never enters the log: only its keyed hash, checked by the Hub controller.
  | DomainEvent<'AccessCodeIssued', { reservationId: string; codeHash: string; issuedAt: string; expiresAt: string }>
  | DomainEvent<'ReservationFinalized', { reservationId: string; at: string }>
  | DomainEvent<'ReservationExpired', { reservationId: string; at: string }>
  | DomainEvent<'ReservationCancelled', { reservationId: string; at: string; reason: string }>;

export type PaymentMethod = 'credit_card' | 'pix';

export type ReservationState =
  | { status: 'none' }
  | {
      status: ReservationStatus;
      reservationId: string;
      userId: string;
      hubId: string;
      lockerId: string;
      startMs: number;
      endMs: number;
      priceCents: number;
      periods: string[];
      code: { hash: string; expiresAt: string } | null;
    };

export const initialReservationState = (): ReservationState => ({ status: 'none' });

export const reservationStreamId = (reservationId: string) => `reservation-${reservationId}`;

export function evolveReservation(state: ReservationState, event: ReservationEvent): ReservationState {
  if (event.type === 'ReservationCreated') {
    const d = event.data;
    return {
      status: 'pending',
      reservationId: d.reservationId,
      userId: d.userId,
      hubId: d.hubId,
      lockerId: d.lockerId,
      startMs: Date.parse(d.startTime),
      endMs: Date.parse(d.endTime),
      priceCents: d.priceCents,
      periods: d.periods,
      code: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'PaymentConfirmed':
      return { ...state, status: 'active' };
    case 'AccessCodeIssued':
      return { ...state, code: { hash: event.data.codeHash, expiresAt: event.data.expiresAt } };
    case 'ReservationFinalized':
      return { ...state, status: 'completed', code: null };
    case 'ReservationExpired':
      return { ...state, status: 'expired', code: null };
    case 'ReservationCancelled':
      return { ...state, status: 'cancelled', code: null };
  }
}

export const isOpen = (status: ReservationState['status']) => status === 'pending' || status === 'active';
