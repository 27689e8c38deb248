import type { ReservationEvent } from '../../domain/reservations/reservation-events.js';
import { reservationStreamId } from '../../domain/reservations/reservation-events.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { ReservationRow } from './reservation-queries.js';

const closing = { ReservationFinalized: 'completed', ReservationExpired: 'expired', ReservationCancelled: 'cancelled' } as const;

/**
 * The reservation as its own stream tells it, for the rare answer that cannot wait for the read
 * model (projections lagging past the bounded wait): the user still gets what they just did.
 * Hub names are not in the stream, so they stay null there.
 */
export async function reservationFromLog(store: EventStore, id: string): Promise<ReservationRow | null> {
  let row: ReservationRow | null = null;
  for (const stored of await store.readStream(reservationStreamId(id))) {
    row = apply(row, { type: stored.type, data: stored.data } as ReservationEvent, new Date(stored.metadata.at));
  }
  return row;
}

function apply(row: ReservationRow | null, event: ReservationEvent, at: Date): ReservationRow | null {
  if (event.type === 'ReservationCreated') {
    const d = event.data;
    return {
      id: d.reservationId, user_id: d.userId, hub_id: d.hubId, locker_id: d.lockerId, locker_size: d.lockerSize,
      locker_order_number: d.lockerOrderNumber, start_time: new Date(d.startTime), end_time: new Date(d.endTime), status: 'pending',
      price_cents: d.priceCents, price_per_hour_cents: d.pricePerHourCents, payment_method: null, paid_at: null, code_expires_at: null,
      created_at: at, hub_name: null, hub_address: null, hub_city: null, hub_state: null,
    };
  }
  if (!row) return row;
  switch (event.type) {
    case 'PaymentConfirmed':
      return { ...row, status: 'active', payment_method: event.data.method, paid_at: new Date(event.data.paidAt) };
    case 'AccessCodeIssued':
      return { ...row, code_expires_at: new Date(event.data.expiresAt) };
    default:
      return { ...row, status: closing[event.type], code_expires_at: null };
  }
}
