import type { ReservationEvent, ReservationStatus } from '../reservations/reservation-events.js';
import type { LockerSize } from '../hubs/hub-events.js';
import type { PartnerCustomer } from '../reservations/reservation-events.js';

// What a webhook's `data` says about the reservation: a snapshot as of the event, folded by the
// webhooks projector from the reservation's own events (it reads no other read model), in the
// API's snake_case.

export interface ReservationSnapshot {
  id: string;
  hub_id: string;
  locker_number: number;
  size: LockerSize;
  start_time: string;
  end_time: string;
  status: ReservationStatus;
  price_cents: number;
  customer: PartnerCustomer | null;
}

export function snapshotOf(event: Extract<ReservationEvent, { type: 'ReservationCreated' }>): ReservationSnapshot {
  const d = event.data;
  return {
    id: d.reservationId,
    hub_id: d.hubId,
    locker_number: d.lockerOrderNumber,
    size: d.lockerSize,
    start_time: d.startTime,
    end_time: d.endTime,
    status: 'pending',
    price_cents: d.priceCents,
    customer: d.customer ?? null,
  };
}

/** The snapshot after a later event of the same reservation (unchanged for the ones it ignores). */
export function evolveSnapshot(s: ReservationSnapshot, event: ReservationEvent): ReservationSnapshot {
  switch (event.type) {
    case 'PaymentConfirmed':
      return { ...s, status: 'active' };
    case 'ReservationCancelled':
      return { ...s, status: 'cancelled' };
    case 'ReservationExpired':
      return { ...s, status: 'expired' };
    case 'ReservationFinalized':
    case 'PickupCompleted':
      return { ...s, status: 'completed' };
    case 'LeftForPickup':
      return { ...s, status: 'awaiting_pickup' };
    case 'ReservationMoved':
      return { ...s, locker_number: event.data.toLockerOrderNumber };
    case 'ReservationExtended':
      return { ...s, end_time: event.data.toEndTime, price_cents: s.price_cents + event.data.amountCents };
    default:
      return s;
  }
}

/** The exact bytes a delivery posts: `{ id, type, created_at, data }`. */
export const webhookBody = (eventId: string, type: string, createdAt: string, data: ReservationSnapshot) =>
  JSON.stringify({ id: eventId, type, created_at: createdAt, data });
