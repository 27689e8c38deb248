import { HUB_EVENT_TYPES } from '../../domain/hubs/hub-events.js';
import type { HubDetails, HubEvent, HubState, Locker } from '../../domain/hubs/hub-events.js';
import { evolveHub, initialHubState } from '../../domain/hubs/hub-events.js';
import type { HubAsOfView } from '../../contract/history/history-schemas.js';
import type { ReservationEvent, ReservationState } from '../../domain/reservations/reservation-events.js';
import { evolveReservation, initialReservationState } from '../../domain/reservations/reservation-events.js';
import { hubRowOf } from '../../projections/hubs/queries.js';

// "The Hub as it was at": streams folded up to an instant. Pure: events and the instant come in.
// Only events decided at or before the instant count (their metadata.at), in stream order.

export interface TimedEvent {
  type: string;
  data: unknown;
  metadata: { at: string };
}

const until = <E extends TimedEvent>(events: readonly E[], atMs: number) => events.filter((e) => Date.parse(e.metadata.at) <= atMs);

export function hubAt(events: readonly TimedEvent[], atMs: number): HubState {
  return until(events, atMs)
    .filter((e) => HUB_EVENT_TYPES.has(e.type))
    .reduce((state, e) => evolveHub(state, { type: e.type, data: e.data } as HubEvent), initialHubState());
}

type Folded = Extract<ReservationState, { reservationId: string }>;

const reservationTypes = new Set([
  'ReservationCreated',
  'PaymentConfirmed',
  'ReservationExtended',
  'AccessCodeIssued',
  'ReservationFinalized',
  'ReservationExpired',
  'ReservationCancelled',
]);

/**
 * A reservation's state at the instant, null before it was made. ReservationMoved (read by its
 * type name) puts it on its new locker; events this fold does not know change nothing.
 */
export function reservationAt(events: readonly TimedEvent[], atMs: number): Folded | null {
  let state: ReservationState = initialReservationState();
  for (const e of until(events, atMs)) {
    if (e.type === 'ReservationMoved') {
      if (state.status !== 'none') state = { ...state, lockerId: (e.data as { toLockerId: string }).toLockerId };
    } else if (reservationTypes.has(e.type)) {
      state = evolveReservation(state, { type: e.type, data: e.data } as ReservationEvent);
    }
  }
  return state.status === 'none' ? null : state;
}

/**
 * Whether the reservation held its locker at the instant: paid, or unpaid within its payment
 * window (an unpaid one past it no longer held the locker, even before the worker expired it),
 * and its window not yet over.
 */
export function heldAt(reservation: Folded, atMs: number): boolean {
  if (reservation.endMs <= atMs) return false;
  if (reservation.status === 'active') return true;
  return reservation.status === 'pending' && (reservation.paymentDueMs === null || reservation.paymentDueMs > atMs);
}

/** GET /api/hubs/{id}/as-of's answer (contract/history/history-schemas.ts). */
export type AsOf = HubAsOfView;

/** The answer: the Hub (null before it existed or once removed), its lockers in order, each with the bookings holding it. */
export function snapshotAt(hub: HubState, reservations: readonly Folded[], atMs: number, userName: (userId: string) => string): AsOf {
  const at = new Date(atMs).toISOString();
  if (hub.status !== 'registered') return { at, hub: null, lockers: [] };
  const held = reservations.filter((r) => heldAt(r, atMs)).sort((a, b) => a.startMs - b.startMs);
  return {
    at,
    hub: hubAsOf(hub.hubId, hub.details),
    lockers: hub.lockers.map((locker: Locker) => ({
      id: locker.lockerId,
      order_number: locker.orderNumber,
      size: locker.size,
      type: locker.type,
      status: locker.status,
      price_per_hour: locker.pricePerHourCents / 100,
      bookings: held
        .filter((r) => r.lockerId === locker.lockerId)
        .map((r) => ({
          reservation_id: r.reservationId,
          user_name: userName(r.userId),
          start_time: new Date(r.startMs).toISOString(),
          end_time: new Date(r.endMs).toISOString(),
          status: r.status,
        })),
    })),
  };
}

/** The Hub's answer fields: its row's, without the key, its kind named `type` as in the detail. */
function hubAsOf(hubId: string, details: HubDetails) {
  const { secret_key: _key, kind, ...place } = hubRowOf(hubId, details, '');
  return { ...place, type: kind };
}
