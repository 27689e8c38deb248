import type { LockerState, Span } from './hub-availability.js';
import { hubAvailability } from './hub-availability.js';
import type { CachedHub } from './hub-cache.js';
import type { HubDetailView, HubSummaryView, LockerViewShape } from '../../contract/hubs/hub-schemas.js';

// Hub answers from the in-memory state at a given time. Each narrows `span` to the time over
// which it stays the same, so the caller knows how long a body built from it may be served.

/**
 * Who is asking: 'admin' sees the secret key (it lets a Hub controller authenticate and must
 * never reach a renter); 'restricted' is anyone else on a private Hub: no lockers.
 */
export type DetailVariant = 'public' | 'admin' | 'restricted';

export function detailVariant(hub: CachedHub, admin: boolean): DetailVariant {
  if (admin) return 'admin';
  return hub.row.private ? 'restricted' : 'public';
}

export function toHubSummary(hub: CachedHub, nowMs: number, span: Span, lockers: readonly LockerState[] = hub.lockers): HubSummaryView {
  const { bySize, available } = hubAvailability(lockers, nowMs, span);
  const h = hub.row;
  return {
    id: h.id,
    name: h.name,
    address: h.address,
    zipcode: h.zipcode,
    city: h.city,
    state: h.state,
    country: h.country,
    description: h.description,
    location: { latitude: h.latitude, longitude: h.longitude },
    image_url: h.image_url,
    private: h.private,
    autoRegistration: h.auto_registration,
    type: h.kind,
    hardware: h.hardware,
    locker_count: lockers.length,
    lockers_available: available,
    availability: bySize,
  };
}

export function toHubDetail(hub: CachedHub, variant: DetailVariant, nowMs: number, span: Span): HubDetailView {
  const lockers = variant === 'restricted' ? [] : hub.lockers;
  const { lockerAvailable } = hubAvailability(lockers, nowMs, span);
  return {
    ...toHubSummary(hub, nowMs, span, lockers),
    lockers: lockers.map((l, i): LockerViewShape => ({
      id: l.id,
      hub_id: l.hubId,
      order_number: l.orderNumber,
      size: l.size,
      type: l.type,
      price_per_hour: l.pricePerHourCents / 100,
      status: l.status,
      collect_number: l.collectNumber,
      available_now: lockerAvailable[i]!,
    })),
    ...(variant === 'admin' ? { secret_key: hub.row.secret_key } : {}),
    has_access: variant !== 'restricted',
  };
}
