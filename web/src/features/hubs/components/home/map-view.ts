import type { HubClusterView } from '@contract/hubs/hub-viewport-schemas';
import type { HubMapSummary } from '../../types';

// The map's visible area as GET /api/hubs?bbox=…&zoom=… asks for it (pure helpers: tests/web).

/** A point (home-utils.ts's LatLng; not imported, so the bench can read this module without the web's aliases). */
export type LatLng = { lat: number; lng: number };

/** The visible area: [minLng, minLat, maxLng, maxLat] (minLng > maxLng across the antimeridian) and the zoom. */
export interface MapView {
  box: [number, number, number, number];
  zoom: number;
}

/** A Hub cluster as the answer sends it. */
export type HubCluster = HubClusterView;

/** The whole world at zoom 0: a handful of clusters, from which the first centre is found. */
export const WORLD_VIEW: MapView = { box: [-180, -85, 180, 85], zoom: 0 };

/** Grid cells per 256 px tile: a box is widened to this grid, so small pans share one cached answer. */
const CELLS_PER_TILE = 4;

const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));
const clampLng = (lng: number) => Math.max(-180, Math.min(180, lng));

/**
 * The view widened outward to a grid of the zoom's scale (a quarter of a tile), rounded so the
 * query key and the URL are the same for every view inside the same cells. Panning back finds
 * the answer in TanStack Query's cache.
 */
export function roundView(view: MapView): MapView {
  const zoom = Math.max(0, Math.min(22, Math.round(view.zoom)));
  const step = 360 / 2 ** zoom / CELLS_PER_TILE;
  const down = (v: number) => Number((Math.floor(v / step) * step).toFixed(6));
  const up = (v: number) => Number((Math.ceil(v / step) * step).toFixed(6));
  const [minLng, minLat, maxLng, maxLat] = view.box;
  const wide = minLng <= maxLng ? maxLng - minLng : maxLng + 360 - minLng;
  if (wide + 2 * step >= 360) return { box: [-180, clampLat(down(minLat)), 180, clampLat(up(maxLat))], zoom };
  return { box: [clampLng(down(minLng)), clampLat(down(minLat)), clampLng(up(maxLng)), clampLat(up(maxLat))], zoom };
}

export const bboxParam = (view: MapView) => view.box.join(',');

/** Spec §9's centre (the average of the Hubs' coordinates), from Hubs and clusters weighted by their counts. */
export function weightedCentre(hubs: HubMapSummary[], clusters: HubCluster[]): LatLng | null {
  let lat = 0;
  let lng = 0;
  let n = 0;
  // Hubs without a position (0, 0) are left out, as on the map (home-utils.ts's hasCoordinates).
  for (const hub of hubs.filter((h) => h.location.latitude !== 0 || h.location.longitude !== 0)) {
    lat += hub.location.latitude;
    lng += hub.location.longitude;
    n++;
  }
  for (const c of clusters) {
    lat += c.centre.latitude * c.count;
    lng += c.centre.longitude * c.count;
    n += c.count;
  }
  return n === 0 ? null : { lat: lat / n, lng: lng / n };
}

/**
 * The area a map of `widthPx` × `heightPx` shows around `centre` at `zoom` (Web Mercator, 256 px
 * tiles): what the list asks for before the map has said what it shows.
 */
export function viewAround(centre: LatLng, zoom: number, widthPx = 1024, heightPx = 560): MapView {
  const worldPx = 256 * 2 ** zoom;
  const halfLng = ((widthPx / 2) * 360) / worldPx;
  const y = (lat: number) => (0.5 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / (2 * Math.PI)) * worldPx;
  const lat = (py: number) => (Math.atan(Math.exp((0.5 - py / worldPx) * 2 * Math.PI)) * 360) / Math.PI - 90;
  const cy = y(centre.lat);
  return {
    box: [clampLng(centre.lng - halfLng), clampLat(lat(cy + heightPx / 2)), clampLng(centre.lng + halfLng), clampLat(lat(cy - heightPx / 2))],
    zoom,
  };
}

/** Whether a cluster's Hubs all stand at one point (zooming in never parts them). */
export const isPointCluster = (c: HubCluster) => c.bbox[0] === c.bbox[2] && c.bbox[1] === c.bbox[3];

/** One page of a list: the page asked for, kept within the pages there are. */
export function pageOf<T>(items: readonly T[], page: number, size: number): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}
