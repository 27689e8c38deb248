import type { BookingCache } from '../../commands/booking-cache.js';
import { bookingCacheFor } from '../../commands/booking-cache.js';
import { HUB_ID_PATTERN } from '../../domain/hubs/hub-decide.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import type { EventStore } from '../../infra/eventstore/port.js';

// What the validate route (and the terminal) need of a Hub: its secret key, hardware and its
// lockers' current order numbers. Read from the Hub's own stream, not the read model: this
// process's cached fold read forward by what is new, so checked by version on every call. A key
// change takes effect at the next call in every API process, whatever the projections' lag
// (issue 24 item 3: the read model behind it had kept the old key working).

export interface ControllerHub {
  id: string;
  secretKey: string;
  hardware: string;
  /** Locker id → current order number (they change when a locker is removed). */
  lockerOrders: ReadonlyMap<string, number>;
}

export async function controllerHub(deps: { store: EventStore; bookingCache?: BookingCache }, hubId: string): Promise<ControllerHub | null> {
  // Unauthenticated callers choose the id: one no Hub can have costs no read, and an unknown one
  // leaves nothing in the cache the bookings share.
  if (!HUB_ID_PATTERN.test(hubId)) return null;
  const hubs = bookingCacheFor(deps).hubs;
  const { state } = await hubs.load(deps.store, hubStreamId(hubId));
  if (state.status === 'none') hubs.forget(hubStreamId(hubId));
  if (state.status !== 'registered') return null;
  return {
    id: state.hubId,
    secretKey: state.secretKey,
    hardware: state.details.hardware,
    lockerOrders: new Map(state.lockers.map((l) => [l.lockerId, l.orderNumber])),
  };
}

/** `"{hardware}:{order, two digits}"`, e.g. LK-31:03. */
export const lockerInterface = (hardware: string, order: number) => `${hardware}:${String(order).padStart(2, '0')}`;
