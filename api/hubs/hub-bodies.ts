import type { Span } from './hub-availability.js';
import { ALWAYS } from './hub-availability.js';
import type { CachedHub, HubCache } from './hub-cache.js';
import type { CachedBody, SerializedJson } from './cached-body.js';
import { cachedBody } from './cached-body.js';
import type { DetailVariant } from './hub-response.js';
import { toHubDetail, toHubSummary } from './hub-response.js';
import type { HubSummaryView } from '../../contract/hubs/hub-schemas.js';

// Serialized Hub answers, each kept while both its state and the time stay where it was built:
// the state by the Hub's in-memory state (replaced on every load and command result) or, for
// the lists, the cache version; the time by the span between the reservation edges around it
// (a start, end or payment deadline frees or takes a locker with no event at all). The next
// request past an edge builds a new body. A list is the concatenation of per-Hub fragments, so
// one Hub's change re-serializes that Hub only.

export type Serialize = (payload: unknown) => SerializedJson;
export type SerializeSummary = (summary: HubSummaryView) => string;

export interface BuiltBody {
  span: Span;
  body: CachedBody;
}

export interface BuiltFragment {
  span: Span;
  json: string;
}

export const inSpan = (span: Span, nowMs: number) => span.fromMs <= nowMs && nowMs < span.untilMs;

export function intersect(span: Span, other: Span): void {
  span.fromMs = Math.max(span.fromMs, other.fromMs);
  span.untilMs = Math.min(span.untilMs, other.untilMs);
}

/** GET /api/hubs/{id}, per caller variant. */
export function detailBody(hub: CachedHub, variant: DetailVariant, nowMs: number, serialize: Serialize): CachedBody {
  const built = hub.details.get(variant);
  if (built && inSpan(built.span, nowMs)) return built.body;
  const span = ALWAYS();
  const body = cachedBody(serialize(toHubDetail(hub, variant, nowMs, span)));
  hub.details.set(variant, { span, body });
  return body;
}

/**
 * What a list says of each Hub: 'full' for admins (everything the dashboard edits), 'map' for
 * the public lists (what the map and its cards show: no CEP, description, country, hardware or
 * type, which the detail carries). The city list is 36 KB of brotli in full, 27 KB as the map's.
 */
export type SummaryShape = 'full' | 'map';

/** One Hub as a list of that shape shows it. */
export function summaryOf(hub: CachedHub, shape: SummaryShape, nowMs: number, serialize: SerializeSummary): BuiltFragment {
  const known = hub.summaries.get(shape);
  if (known && inSpan(known.span, nowMs)) return known;
  const span = ALWAYS();
  const built = { span, json: serialize(toHubSummary(hub, nowMs, span)) };
  hub.summaries.set(shape, built);
  return built;
}

/** The lists: 'public' (no private Hubs), 'admin' (all), 'gmv' (public Hubs with rentable lockers). */
export type ListKind = 'public' | 'admin' | 'gmv';

export const members: Record<ListKind, (hub: CachedHub) => boolean> = {
  public: (hub) => !hub.row.private,
  admin: () => true,
  gmv: (hub) => !hub.row.private && hub.hasGmv,
};

export const shapeOf: Record<ListKind, SummaryShape> = { public: 'map', admin: 'full', gmv: 'map' };

export class ListBodies {
  readonly #built = new Map<ListKind, BuiltBody & { version: number }>();

  constructor(private readonly cache: HubCache) {}

  get(kind: ListKind, nowMs: number, serializers: Record<SummaryShape, SerializeSummary>): CachedBody {
    const built = this.#built.get(kind);
    if (built && built.version === this.cache.version && inSpan(built.span, nowMs)) return built.body;
    const span = ALWAYS();
    const parts: string[] = [];
    for (const hub of this.cache.all()) {
      if (!members[kind](hub)) continue;
      const fragment = summaryOf(hub, shapeOf[kind], nowMs, serializers[shapeOf[kind]]);
      intersect(span, fragment.span);
      parts.push(fragment.json);
    }
    const fresh = cachedBody(`[${parts.join(',')}]`);
    // The same JSON again (a change elsewhere, an edge that moved nothing) keeps its compressed forms.
    const body = built?.body.etag === fresh.etag ? built.body : fresh;
    this.#built.set(kind, { version: this.cache.version, span, body });
    return body;
  }
}
