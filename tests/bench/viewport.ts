// The map by visible area (GET /api/hubs?bbox=…&zoom=…, issue 31): the area the home page asks
// for at its default zoom (the "city's viewport" of the req/s row) and the bytes a phone
// downloads for the area at every zoom, as the page computes them (web map-view.ts).
import { request } from 'node:http';
import type { HubClusterView } from '../../contract/hubs/hub-viewport-schemas.js';
import type { MapView } from '../../web/src/features/hubs/components/home/map-view.js';
import { WORLD_VIEW, bboxParam, roundView, viewAround, weightedCentre } from '../../web/src/features/hubs/components/home/map-view.js';
import { BROWSER_HEADERS } from './http-load.js';

/** A desktop map (the home page's map box at 1280 px) and the spec's default zoom. */
const MAP_PX = { width: 1280, height: 560 };
const DEFAULT_ZOOM = 13;

const areaUrl = (baseUrl: string, view: MapView) => {
  const rounded = roundView(view);
  return `${baseUrl}/api/hubs?bbox=${bboxParam(rounded)}&zoom=${rounded.zoom}`;
};

/** Where the home page starts: the Hubs' average position, from the whole world's clusters. */
async function startCentre(baseUrl: string) {
  const overview = (await (await fetch(areaUrl(baseUrl, WORLD_VIEW))).json()) as {
    hubs: Parameters<typeof weightedCentre>[0];
    clusters: HubClusterView[];
  };
  return weightedCentre(overview.hubs, overview.clusters) ?? { lat: -23.5505, lng: -46.6333 };
}

const areaAt = (centre: { lat: number; lng: number }, zoom: number) => viewAround(centre, zoom, MAP_PX.width, MAP_PX.height);

/** The URL of the area the home page asks for first (desktop, default zoom). */
export async function cityViewportUrl(baseUrl: string): Promise<string> {
  return areaUrl(baseUrl, areaAt(await startCentre(baseUrl), DEFAULT_ZOOM));
}

/** Body bytes as sent (compressed as a browser accepts), without decoding. */
function wireBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: BROWSER_HEADERS }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url}: ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export interface ViewportBytes {
  /** The largest area answer over zooms 0–20, in bytes. */
  maxBytes: number;
  note: string;
}

/** The area answer's bytes over the wire at zooms 0–20 around the start centre, and the world overview's. */
export async function measureViewportBytes(label: string, baseUrl: string): Promise<ViewportBytes> {
  const centre = await startCentre(baseUrl);
  const overview = await wireBytes(areaUrl(baseUrl, WORLD_VIEW));
  const sizes: number[] = [];
  for (let zoom = 0; zoom <= 20; zoom++) sizes.push(await wireBytes(areaUrl(baseUrl, areaAt(centre, zoom))));
  const maxBytes = Math.max(...sizes);
  const at = sizes.indexOf(maxBytes);
  return {
    maxBytes,
    note:
      `${label}: home page data by area (${MAP_PX.width}×${MAP_PX.height} px map around the Hubs' average position, brotli as browsers accept): ` +
      `max ${(maxBytes / 1024).toFixed(1)} KB at zoom ${at}, ${(sizes[DEFAULT_ZOOM]! / 1024).toFixed(1)} KB at the default zoom ${DEFAULT_ZOOM}, ` +
      `plus the world overview the page starts from, ${(overview / 1024).toFixed(1)} KB`,
  };
}
