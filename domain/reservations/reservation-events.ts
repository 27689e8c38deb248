import type { DomainEvent } from '../shared/decider.js';
import type { LockerSize } from '../hubs/hub-events.js';
import type { PaymentProvider, PixRefundStatus, RefundCause } from '../payments/pix-facts.js';

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
        /**
         * Booked through the partner API (issue 27): the partner that booked it, for its end
         * customer, who has no Hub account. Absent on every other booking.
         */
        partnerId?: string;
        customer?: PartnerCustomer;
      }
    >
  // Issue 28: a PIX charge at the PSP (or the simulated one) for what is owed; its BR Code is what
  // the payer's app reads. A new charge replaces the previous one (e.g. the extension's).
  | DomainEvent<
      'PixChargeCreated',
      {
        reservationId: string;
        txid: string;
        amountCents: number;
        brcode: string;
        expiresAt: string;
        provider: PaymentProvider;
        test: boolean;
        at: string;
        /** An extension's charge (a real PSP): the hours it pays for, added when its PIX arrives. */
        extensionHours?: number;
      }
    >
  // txid/e2eid/provider: the PSP's ids of a PIX (absent on card, partner and older payments).
  | DomainEvent<
      'PaymentConfirmed',
      { reservationId: string; method: PaymentMethod; amountCents: number; paidAt: string; txid?: string; e2eid?: string; provider?: PaymentProvider }
    >
  // Issue 28: an active reservation runs `hours` longer on the same locker, paid at once.
  // periods: the UTC days the booking covers now and did not before. provider/txid/e2eid as on
  // PaymentConfirmed (the simulated provider for now; a PIX charge's ids once extensions use one).
  | DomainEvent<
      'ReservationExtended',
      {
        reservationId: string;
        extensionId: string;
        hours: number;
        fromEndTime: string;
        toEndTime: string;
        amountCents: number;
        periods: string[];
        method: PaymentMethod;
        provider: PaymentProvider;
        paidAt: string;
        txid?: string;
        e2eid?: string;
      }
    >
  // A PIX that arrived after the reservation stopped waiting for it: recorded, then refunded.
  | DomainEvent<'LatePaymentReceived', { reservationId: string; txid: string; e2eid: string; amountCents: number; paidAt: string }>
  // Money going back through the payment port: asked for (refundId is the devolução's id), then settled.
  | DomainEvent<
      'RefundRequested',
      { reservationId: string; refundId: string; e2eid: string | null; amountCents: number; cause: RefundCause; provider: PaymentProvider; at: string }
    >
  | DomainEvent<
      'RefundSettled',
      { reservationId: string; refundId: string; status: Exclude<PixRefundStatus, 'EM_PROCESSAMENTO'>; rtrId: string | null; at: string }
    >
  // The code itself never enters the log: only its keyed hash, checked by the Hub controller.
  | DomainEvent<'AccessCodeIssued', { reservationId: string; codeHash: string; issuedAt: string; expiresAt: string }>
  | DomainEvent<'ReservationFinalized', { reservationId: string; at: string }>
  // reason: 'ended' (its period is over) or 'payment_overdue' (unpaid past paymentDueAt, which
  // frees the locker); older events have no reason and mean 'ended'.
  | DomainEvent<'ReservationExpired', { reservationId: string; at: string; reason?: ExpiryReason }>
  | DomainEvent<'ReservationCancelled', { reservationId: string; at: string; reason: string }>
  // Its locker was deactivated: same Hub, size and window, another locker (move-reservation.ts).
  // reason/reportId (issue 29): moved because the renter reported that the door did not open
  // (domain/doors/door-failure.ts), answering that report; absent on every other move.
  | DomainEvent<
      'ReservationMoved',
      {
        reservationId: string;
        hubId: string;
        fromLockerId: string;
        toLockerId: string;
        toLockerOrderNumber: number;
        periods: string[];
        reason?: MoveReason;
        reportId?: string;
      }
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
      {
        reservationId: string;
        hubId: string;
        lockerId: string;
        lockerOrder: number;
        requestId: string;
        codeKind: CodeKind;
        at: string;
        /** Decided by the controller offline, uploaded later (ADR 0025). */
        offline?: boolean;
        codeIndex?: number;
      }
    >
  | DomainEvent<'CodeInvalidated', { reservationId: string; codeKind: CodeKind; reason: CodeInvalidationReason; at: string }>;

/** A partner's end customer: a name and at least one way to reach them. */
export interface PartnerCustomer {
  name: string;
  email?: string;
  phone?: string;
}

export type CodeKind = 'access' | 'pickup';
/** Why a reservation moved: its locker deactivated (the default), or its door did not open. */
export type MoveReason = 'locker_deactivated' | 'door_failed';
export type CodeInvalidationReason = 'too_many_failures' | 'replaced';

/** 'partner_invoice': booked through the partner API and paid by the partner, invoiced later. */
export type PaymentMethod = 'credit_card' | 'pix' | 'partner_invoice';
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
      /** What has been paid or is owed in all: the booking plus its extensions. */
      priceCents: number;
      pricePerHourCents: number;
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
      pricePerHourCents: d.pricePerHourCents,
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
    case 'ReservationExtended': {
      const periods = [...state.periods, ...event.data.periods.filter((p) => !state.periods.includes(p))];
      return { ...state, endMs: Date.parse(event.data.toEndTime), periods, priceCents: state.priceCents + event.data.amountCents };
    }
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
    case 'PixChargeCreated':
    case 'LatePaymentReceived':
    case 'RefundRequested':
    case 'RefundSettled':
      // Money facts: read by the payment modules (domain/payments/), no change of status.
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
