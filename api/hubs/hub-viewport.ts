import Supercluster from 'supercluster';
import type { BoundingBox } from '../../contract/hubs/hub-viewport-schemas.js';
import { ALWAYS } from './hub-availability.js';
import type { Span } from './hub-availability.js';
import type { BuiltBody, SerializeSummary } from './hub-bodies.js';
import { inSpan, intersect, members, shapeOf, summaryOf } from './hub-bodies.js';
import type { CachedBody } from './cached-body.js';
import { cachedBody } from './cached-body.js';
import type { HubCache } from './hub-cache.js';

// GET /api/hubs?bbox=…&zoom=…: the Hubs of a map's visible area, clustered where the map is
// zoomed out. Clustering is supercluster's (a k-d tree per zoom, built in memory from this
// process's Hubs): it runs per request in microseconds with no SQL, so the read path keeps the
// in-memory speed of the whole list (hub-routes.ts). The trees are rebuilt only when a Hub
// appears, goes, moves or changes visibility (HubCache.placesVersion), never on a booking; a
// booking changes availability, i.e. the per-Hub fragments the bodies are made of.

export type ViewportKind = 'public' | 'admin';

/** Hubs shown one by one in one answer, and markers in all: beyond, the clusters are made at a lower zoom. */
export const MAX_HUBS_ALONE = 300;
export const MAX_MARKERS = 500;
/** Viewport answers kept per process (each at most ~120 KB plus its compressed forms). */
const MAX_KEPT = 128;
/** Query texts remembered as valid. */
const MAX_KNOWN_QUERIES = 1024;

/** An asked area, with the key its answers are kept under. */
export interface Area {
  box: BoundingBox;
  zoom: number;
  key: string;
}

export const areaOf = (box: BoundingBox, zoom: number): Area => ({ box, zoom, key: `${box.minLng},${box.minLat},${box.maxLng},${box.maxLat}|${zoom}` });

/**
 * Areas already validated, by their query text: a map panning back and forth (and the pages of
 * many visitors, whose boxes the web rounds to one grid) asks the same few, and skipping the
 * schema keeps this route as quick as the whole list. Invalid text is never remembered.
 */
export class KnownAreas {
  readonly #areas = new Map<string, Area>();

  get(bbox: unknown, zoom: unknown, parse: () => Area): Area {
    if (typeof bbox !== 'string' || typeof zoom !== 'string') return parse();
    const text = `${bbox}&${zoom}`;
    const known = this.#areas.get(text);
    if (known) return known;
    const area = parse();
    this.#areas.set(text, area);
    if (this.#areas.size > MAX_KNOWN_QUERIES) this.#areas.delete(this.#areas.keys().next().value!);
    return area;
  }
}

interface ClusterBox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/** Which Hubs stand alone and which clusters an answer shows: depends on places only. */
/** A Hub in the trees: its id and, for the clusters' boxes, its own point as a box. */
interface HubPoint extends ClusterBox {
  id: string;
}

interface Layout {
  placesVersion: number;
  zoom: number;
  total: number;
  /** Standing alone, by id. */
  hubIds: string[];
  clustersJson: string;
}

interface Kept {
  layout: Layout;
  version: number;
  built: BuiltBody | null;
}

interface Index {
  placesVersion: number;
  tree: Supercluster<HubPoint, ClusterBox>;
}

// Markers are 64 px: Hubs closer than about that on screen are drawn as one. Google's tiles are 256 px.
const CLUSTER_OPTIONS = { radius: 60, extent: 256, maxZoom: 16, minPoints: 2 } as const;

export class ViewportBodies {
  readonly #indexes = new Map<ViewportKind, Index>();
  readonly #kept = new Map<string, Kept>();

  constructor(private readonly cache: HubCache) {}

  get(kind: ViewportKind, { box, zoom, key: areaKey }: Area, nowMs: number, serialize: SerializeSummary): CachedBody {
    const key = kind === 'admin' ? `admin|${areaKey}` : areaKey;
    let kept = this.#kept.get(key);
    if (kept) this.#kept.delete(key); // re-inserted below: the Map's order is the LRU order
    if (!kept || kept.layout.placesVersion !== this.cache.placesVersion) kept = { layout: this.#layout(kind, box, zoom), version: -1, built: null };
    if (kept.version !== this.cache.version || !kept.built || !inSpan(kept.built.span, nowMs)) {
      const fresh = this.#build(kind, kept.layout, nowMs, serialize);
      // The same JSON again keeps its compressed forms.
      if (kept.built?.body.etag === fresh.body.etag) fresh.body = kept.built.body;
      kept.built = fresh;
      kept.version = this.cache.version;
    }
    this.#kept.set(key, kept);
    if (this.#kept.size > MAX_KEPT) this.#kept.delete(this.#kept.keys().next().value!);
    return kept.built.body;
  }

  #index(kind: ViewportKind): Index {
    const known = this.#indexes.get(kind);
    if (known && known.placesVersion === this.cache.placesVersion) return known;
    const tree = new Supercluster<HubPoint, ClusterBox>({
      ...CLUSTER_OPTIONS,
      map: (p) => ({ minLng: p.minLng, minLat: p.minLat, maxLng: p.maxLng, maxLat: p.maxLat }),
      reduce: (acc, props) => {
        acc.minLng = Math.min(acc.minLng, props.minLng);
        acc.minLat = Math.min(acc.minLat, props.minLat);
        acc.maxLng = Math.max(acc.maxLng, props.maxLng);
        acc.maxLat = Math.max(acc.maxLat, props.maxLat);
      },
    });
    const points: Supercluster.PointFeature<HubPoint>[] = [];
    for (const hub of this.cache.all()) {
      if (!members[kind](hub)) continue;
      const { latitude: lat, longitude: lng } = hub.row;
      points.push({
        type: 'Feature',
        properties: { id: hub.row.id, minLng: lng, minLat: lat, maxLng: lng, maxLat: lat },
        geometry: { type: 'Point', coordinates: [lng, lat] },
      });
    }
    tree.load(points);
    const index = { placesVersion: this.cache.placesVersion, tree };
    this.#indexes.set(kind, index);
    return index;
  }

  /** The clusters at the asked zoom, or at the highest lower zoom that keeps the answer small. */
  #layout(kind: ViewportKind, box: BoundingBox, zoom: number): Layout {
    const { tree, placesVersion } = this.#index(kind);
    const bbox: [number, number, number, number] = [box.minLng, box.minLat, box.maxLng, box.maxLat];
    for (let z = zoom; ; z--) {
      const features = tree.getClusters(bbox, z);
      let alone = 0;
      for (const f of features) if (!('cluster' in f.properties && f.properties.cluster)) alone++;
      if ((alone <= MAX_HUBS_ALONE && features.length <= MAX_MARKERS) || z === 0) return layoutOf(placesVersion, z, features);
    }
  }

  #build(kind: ViewportKind, layout: Layout, nowMs: number, serialize: SerializeSummary): BuiltBody {
    const span: Span = ALWAYS();
    const parts: string[] = [];
    for (const id of layout.hubIds) {
      const hub = this.cache.get(id);
      if (!hub) continue; // gone since the layout: the next places version drops it
      const fragment = summaryOf(hub, shapeOf[kind], nowMs, serialize);
      intersect(span, fragment.span);
      parts.push(fragment.json);
    }
    const json = `{"total":${layout.total},"zoom":${layout.zoom},"hubs":[${parts.join(',')}],"clusters":${layout.clustersJson}}`;
    return { span, body: cachedBody(json) };
  }
}

type Feature = Supercluster.ClusterFeature<ClusterBox> | Supercluster.PointFeature<HubPoint>;

function layoutOf(placesVersion: number, zoom: number, features: Feature[]): Layout {
  const hubIds: string[] = [];
  const clusters: { count: number; centre: { latitude: number; longitude: number }; bbox: [number, number, number, number] }[] = [];
  let total = 0;
  for (const f of features) {
    const p = f.properties;
    if ('cluster' in p && p.cluster) {
      const [longitude, latitude] = f.geometry.coordinates as [number, number];
      clusters.push({ count: p.point_count, centre: { latitude, longitude }, bbox: [p.minLng, p.minLat, p.maxLng, p.maxLat] });
      total += p.point_count;
    } else {
      hubIds.push((p as HubPoint).id);
      total++;
    }
  }
  hubIds.sort();
  // Biggest first, so a client that draws them in order puts the small ones on top.
  clusters.sort((a, b) => b.count - a.count);
  return { placesVersion, zoom, total, hubIds, clustersJson: JSON.stringify(clusters) };
}
