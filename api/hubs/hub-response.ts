import type { HubRow, LockerRow } from './hub-queries.js';
import { availabilityOf } from './hub-queries.js';

// The wire shape of a Hub (spec §3). The secret key is for admins only: it lets a Hub
// controller authenticate and must never reach a renter.

export function toLockerResponse(l: LockerRow) {
  return {
    id: l.id,
    hub_id: l.hub_id,
    order_number: l.order_number,
    size: l.size,
    type: l.type,
    price_per_hour: l.price_per_hour_cents / 100,
    status: l.status,
    collect_number: l.collect_number,
    available_now: l.status === 'Ativo' && !l.busy_now,
  };
}

export function toHubResponse(hub: HubRow, lockers: LockerRow[], opts: { withSecret: boolean; withLockers: boolean }) {
  const availability = availabilityOf(lockers);
  return {
    id: hub.id,
    name: hub.name,
    address: hub.address,
    zipcode: hub.zipcode,
    city: hub.city,
    state: hub.state,
    country: hub.country,
    description: hub.description,
    location: { latitude: hub.latitude, longitude: hub.longitude },
    image_url: hub.image_url,
    private: hub.private,
    autoRegistration: hub.auto_registration,
    type: hub.kind,
    hardware: hub.hardware,
    locker_count: lockers.length,
    lockers_available: Object.values(availability).reduce((sum, a) => sum + a.available, 0),
    availability,
    ...(opts.withLockers ? { lockers: lockers.map(toLockerResponse) } : {}),
    ...(opts.withSecret ? { secret_key: hub.secret_key } : {}),
  };
}
