import type { DoorEvent, DoorState } from '../domain/doors/door-events.js';
import { evolveDoor, initialDoorState } from '../domain/doors/door-events.js';
import type { EventStore } from '../infra/eventstore/port.js';
import { StreamLocks } from './stream-locks.js';
import { StreamStateCache } from './stream-cache.js';

// What a door attempt keeps per process (ADR 0014): each Hub's day door stream folded up to its
// version, read forward by the events since (as the booking cache does, ADR 0007), and one attempt
// at a time per door stream. The fold is bounded (door-events.ts), so an attempt costs the same
// whatever the day's count; correctness still rests on the expected-version append alone.

export interface DoorCache {
  doors: StreamStateCache<DoorEvent, DoorState>;
  locks: StreamLocks;
}

/** A Hub-day each: a city's ~1,000 Hubs today and, near midnight, yesterday. */
export const DOOR_CACHE_ENTRIES = 2_000;

export function createDoorCache(entries = DOOR_CACHE_ENTRIES): DoorCache {
  return { doors: new StreamStateCache({ evolve: evolveDoor, initialState: initialDoorState }, entries), locks: new StreamLocks() };
}

const perStore = new WeakMap<EventStore, DoorCache>();

/** The deps' own cache, else one per event store: every door attempt of a process shares it. */
export function doorCacheFor(deps: { store: EventStore; doorCache?: DoorCache }): DoorCache {
  if (deps.doorCache) return deps.doorCache;
  let cache = perStore.get(deps.store);
  if (!cache) perStore.set(deps.store, (cache = createDoorCache()));
  return cache;
}
