import type { HubEvent, HubState } from '../domain/hubs/hub-events.js';
import { evolveHub, initialHubState } from '../domain/hubs/hub-events.js';
import type { RenterEvent, RenterState } from '../domain/reservations/renter-reservations.js';
import { evolveRenter, initialRenterState } from '../domain/reservations/renter-reservations.js';
import type { ScheduleEvent, ScheduleState } from '../domain/schedule/locker-schedule.js';
import { evolveSchedule, initialScheduleState } from '../domain/schedule/locker-schedule.js';
import type { EventStore } from '../infra/eventstore/port.js';
import { StreamLocks } from './stream-locks.js';
import { StreamStateCache } from './stream-cache.js';

// What a booking reads, kept per process so a booking does the least I/O that keeps it correct:
// the Hub is checked by version (one read of nothing new), a known renter and a known free day
// schedule are not read at all (the append's expected versions check them), and this process's
// own bookings queue per stream instead of failing each other's appends.

export interface BookingCache {
  hubs: StreamStateCache<HubEvent, HubState>;
  renters: StreamStateCache<RenterEvent, RenterState>;
  schedules: StreamStateCache<ScheduleEvent, ScheduleState>;
  locks: StreamLocks;
}

/** Entries kept at most; a city has ~1,000 Hubs, each with tens of lockers and a few busy days. */
export interface BookingCacheLimits {
  hubs: number;
  renters: number;
  schedules: number;
}

export const DEFAULT_BOOKING_CACHE_LIMITS: BookingCacheLimits = { hubs: 2_000, renters: 20_000, schedules: 20_000 };

export function createBookingCache(limits: BookingCacheLimits = DEFAULT_BOOKING_CACHE_LIMITS): BookingCache {
  return {
    hubs: new StreamStateCache({ evolve: evolveHub, initialState: initialHubState }, limits.hubs),
    renters: new StreamStateCache({ evolve: evolveRenter, initialState: initialRenterState }, limits.renters),
    schedules: new StreamStateCache({ evolve: evolveSchedule, initialState: initialScheduleState }, limits.schedules),
    locks: new StreamLocks(),
  };
}

const perStore = new WeakMap<EventStore, BookingCache>();

/** The deps' own cache, else one per event store: every command of a process shares it. */
export function bookingCacheFor(deps: { store: EventStore; bookingCache?: BookingCache }): BookingCache {
  if (deps.bookingCache) return deps.bookingCache;
  let cache = perStore.get(deps.store);
  if (!cache) perStore.set(deps.store, (cache = createBookingCache()));
  return cache;
}
