import type { HubState } from '../../domain/hubs/hub-events.js';
import { hubRowOf } from '../../projections/hubs/queries.js';
import type { Hold, LockerState } from './hub-availability.js';
import { ALWAYS } from './hub-availability.js';
import type { CachedHub } from './hub-cache.js';
import type { HubRow, LoadedHub } from './hub-loader.js';
import { toHubDetail } from './hub-response.js';
import type { HubDetailView } from '../../contract/hubs/hub-schemas.js';

// A Hub as an admin command left it (its folded stream), in the read path's shapes: the answer
// to the command is built from it, and so is what the cache shows when the projections have not
// caught up in time. Reservations are not in the Hub's stream: each locker keeps the holds the
// process already knows for it.

// The folded state of a Hub that exists (the caller has checked its status is 'registered').
type Registered = Extract<HubState, { hubId: string }>;

export function loadedHubOf(state: Registered, known?: CachedHub): LoadedHub {
  const row: HubRow = hubRowOf(state.hubId, state.details, state.secretKey);

  const holds = new Map<string, Hold[]>(known?.lockers.map((l) => [l.id, l.holds]) ?? []);
  const lockers = state.lockers.map((l): LockerState => ({
    id: l.lockerId,
    hubId: state.hubId,
    orderNumber: l.orderNumber,
    size: l.size,
    type: l.type,
    pricePerHourCents: l.pricePerHourCents,
    status: l.status,
    collectNumber: l.collectNumber,
    holds: [...(holds.get(l.lockerId) ?? [])],
  }));
  return { row, lockers };
}

/** The same, shaped as the cache serves it (for the response builders). */
export function cachedHubOf(hub: LoadedHub): CachedHub {
  return { row: hub.row, lockers: hub.lockers, hasGmv: hub.lockers.some((l) => l.type === 'GMV'), version: 0, summaries: new Map(), details: new Map() };
}

/** The admin detail (with the secret key) of a Hub a command just left registered. */
export function adminDetailOf(state: Registered, known: CachedHub | undefined, nowMs: number): HubDetailView {
  return toHubDetail(cachedHubOf(loadedHubOf(state, known)), 'admin', nowMs, ALWAYS());
}
