import type { Span } from './hub-availability.js';
import { ALWAYS } from './hub-availability.js';
import type { CachedHub, HubCache } from './hub-cache.js';
import type { CachedBody, SerializedJson } from './cached-body.js';
import { cachedBody } from './cached-body.js';
import type { DetailVariant } from './hub-response.js';
import { toHubDetail, toHubSummary } from './hub-response.js';

// Serialized Hub answers, each kept while both its state and the time stay where it was built:
// the state by the cache version (which every load and command result moves), the time by the
// span between the reservation edges around it (a start, end or payment deadline frees or takes
// a locker with no event at all). The next request past an edge builds a new body.

export type Serialize = (payload: unknown) => SerializedJson;

export interface BuiltBody {
  span: Span;
  body: CachedBody;
}

const inSpan = (span: Span, nowMs: number) => span.fromMs <= nowMs && nowMs < span.untilMs;

/** GET /api/hubs/{id}: kept on the Hub's in-memory state, so a change to it drops them. */
export function detailBody(hub: CachedHub, variant: DetailVariant, nowMs: number, serialize: Serialize): CachedBody {
  const built = hub.bodies.get(variant);
  if (built && inSpan(built.span, nowMs)) return built.body;
  const span = ALWAYS();
  const body = cachedBody(serialize(toHubDetail(hub, variant, nowMs, span)));
  hub.bodies.set(variant, { span, body });
  return body;
}

/** The lists: 'public' (no private Hubs), 'admin' (all), 'gmv' (public Hubs with rentable lockers). */
export type ListKind = 'public' | 'admin' | 'gmv';

const members: Record<ListKind, (hub: CachedHub) => boolean> = {
  public: (hub) => !hub.row.private,
  admin: () => true,
  gmv: (hub) => !hub.row.private && hub.hasGmv,
};

export class ListBodies {
  readonly #built = new Map<ListKind, BuiltBody & { version: number }>();

  constructor(private readonly cache: HubCache) {}

  get(kind: ListKind, nowMs: number, serialize: Serialize): CachedBody {
    const built = this.#built.get(kind);
    if (built && built.version === this.cache.version && inSpan(built.span, nowMs)) return built.body;
    const span = ALWAYS();
    const version = this.cache.version;
    const items = this.cache.all().filter(members[kind]).map((hub) => toHubSummary(hub, nowMs, span));
    const body = cachedBody(serialize(items));
    this.#built.set(kind, { version, span, body });
    return body;
  }
}
