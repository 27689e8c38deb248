import type { Span } from './hub-availability.js';
import { ALWAYS } from './hub-availability.js';
import type { CachedHub, HubCache } from './hub-cache.js';
import type { CachedBody, SerializedJson } from './cached-body.js';
import { cachedBody } from './cached-body.js';
import type { DetailVariant } from './hub-response.js';
import { toHubDetail, toHubSummary } from './hub-response.js';
import type { HubSummaryView } from './hub-schemas.js';

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

const inSpan = (span: Span, nowMs: number) => span.fromMs <= nowMs && nowMs < span.untilMs;

function intersect(span: Span, other: Span): void {
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

/** One Hub as the lists show it. */
function summaryOf(hub: CachedHub, nowMs: number, serializeSummary: SerializeSummary): BuiltFragment {
  if (hub.summary && inSpan(hub.summary.span, nowMs)) return hub.summary;
  const span = ALWAYS();
  hub.summary = { span, json: serializeSummary(toHubSummary(hub, nowMs, span)) };
  return hub.summary;
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

  get(kind: ListKind, nowMs: number, serializeSummary: SerializeSummary): CachedBody {
    const built = this.#built.get(kind);
    if (built && built.version === this.cache.version && inSpan(built.span, nowMs)) return built.body;
    const span = ALWAYS();
    const parts: string[] = [];
    for (const hub of this.cache.all()) {
      if (!members[kind](hub)) continue;
      const fragment = summaryOf(hub, nowMs, serializeSummary);
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
