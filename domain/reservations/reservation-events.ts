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
        /**
         * Until when an unpaid reservation holds its locker; null when nothing is owed. Added
         * with the payment window: older events lack it and read as null.
         */
        paymentDueAt?: string | null;
      }
    >
  | DomainEvent<'PaymentConfirmed', { reservationId: string; method: PaymentMethod; amountCents: number; paidAt: string }>
  // The code itself never enters the log: only its keyed hash, checked by the Hub controller.
  | DomainEvent<'AccessCodeIssued', { reservationId: string; codeHash: string; issuedAt: string; expiresAt: string }>
  | DomainEvent<'ReservationFinalized', { reservationId: string; at: string }>
  // reason: 'ended' (its period is over) or 'payment_overdue' (unpaid past paymentDueAt, which
  // frees the locker); older events have no reason and mean 'ended'.
  | DomainEvent<'ReservationExpired', { reservationId: string; at: string; reason?: ExpiryReason }>
  | DomainEvent<'ReservationCancelled', { reservationId: string; at: string; reason: string }>
  // Its locker was deactivated: same Hub, size and window, another locker (move-reservation.ts).
  | DomainEvent<
      'ReservationMoved',
      { reservationId: string; hubId: string; fromLockerId: string; toLockerId: string; toLockerOrderNumber: number; periods: string[] }
    >
  // Issue 9 (docs/logistics-api.md): the renter leaves the item; logistics staff claim it, get a
  // pickup code and collect it, which frees the locker.
  | DomainEvent<'LeftForPickup', { reservationId: string; at: string }>
  | DomainEvent<'PickupClaimed', { reservationId: string; userId: string; at: string }>
  // As with the access code, only the keyed hash enters the log ("pickup:" + id + ":" + code).
  | DomainEvent<'PickupCodeIssued', { reservationId: string; userId: string; codeHash: string; issuedAt: string; expiresAt: string }>
  | DomainEvent<'PickupCompleted', { reservationId: string; userId: string; at: string }>
  // Appended by the controller route (with the Hub's door stream); changes no status.
  | DomainEvent<
      'DoorOpened',
      { reservationId: string; hubId: string; lockerId: string; lockerOrder: number; requestId: string; codeKind: CodeKind; at: string }
    >
  | DomainEvent<'CodeInvalidated', { reservationId: string; codeKind: CodeKind; reason: CodeInvalidationReason; at: string }>;

export type CodeKind = 'access' | 'pickup';
export type CodeInvalidationReason = 'too_many_failures' | 'replaced';

export type PaymentMethod = 'credit_card' | 'pix';
export type ExpiryReason = 'ended' | 'payment_overdue';

export type ReservationState =
  | { status: 'none' }
  | {
      status: ReservationStatus;
      reservationId: string;
      userId: string;
      hubId: string;
      lockerId: string;
      lockerSize: LockerSize;
      startMs: number;
      endMs: number;
      priceCents: number;
      periods: string[];
      /** Epoch ms after which an unpaid reservation no longer holds its locker; null: nothing owed. */
      paymentDueMs: number | null;
      /** The renter's access code. */
      code: { hash: string; expiresAt: string } | null;
      /** The logistics user who claimed the pickup; null until claimed. */
      claimedBy: string | null;
      pickupCode: { hash: string; expiresAt: string } | null;
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
      lockerSize: d.lockerSize,
      startMs: Date.parse(d.startTime),
      endMs: Date.parse(d.endTime),
      priceCents: d.priceCents,
      periods: d.periods,
      paymentDueMs: d.paymentDueAt ? Date.parse(d.paymentDueAt) : null,
      code: null,
      claimedBy: null,
      pickupCode: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'PaymentConfirmed':
      return { ...state, status: 'active', paymentDueMs: null };
    case 'AccessCodeIssued':
      return { ...state, code: { hash: event.data.codeHash, expiresAt: event.data.expiresAt } };
    case 'ReservationFinalized':
      return { ...state, status: 'completed', code: null };
    case 'ReservationExpired':
      return { ...state, status: 'expired', code: null };
    case 'ReservationCancelled':
      return { ...state, status: 'cancelled', code: null };
    case 'ReservationMoved':
      return { ...state, lockerId: event.data.toLockerId };
    case 'LeftForPickup':
      // The renter's code stops opening once the item is left.
      return { ...state, status: 'awaiting_pickup', code: null };
    case 'PickupClaimed':
      return { ...state, claimedBy: event.data.userId };
    case 'PickupCodeIssued':
      return { ...state, pickupCode: { hash: event.data.codeHash, expiresAt: event.data.expiresAt } };
    case 'PickupCompleted':
      return { ...state, status: 'completed', code: null, pickupCode: null };
    case 'DoorOpened':
      return state;
    case 'CodeInvalidated':
      return event.data.codeKind === 'access' ? { ...state, code: null } : { ...state, pickupCode: null };
  }
}

export const isOpen = (status: ReservationState['status']) => status === 'pending' || status === 'active';

/** Events that end a reservation before its period is over, so its locker is free again. */
export const freesLocker = (event: ReservationEvent) =>
  event.type === 'ReservationFinalized' ||
  event.type === 'ReservationCancelled' ||
  event.type === 'PickupCompleted' ||
  (event.type === 'ReservationExpired' && event.data.reason === 'payment_overdue');

/** A code never outlives its reservation: 300 s from issue, or the end if that comes first. */
export const codeExpiry = (nowMs: number, endMs: number, ttlMs: number) => new Date(Math.min(nowMs + ttlMs, endMs)).toISOString();
