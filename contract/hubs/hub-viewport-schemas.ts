import { z } from 'zod';
import { HubMapSummary, HubSummary } from './hub-schemas.js';

// GET /api/hubs?bbox=…&zoom=…: the Hubs in a map's visible area, or clusters of them where the map
// is zoomed out, so the answer stays small (≤ 30 KB over the wire) whatever the number of Hubs.

/** Google Maps' zoom levels (0 = the whole world). Decimals are taken down to the level below. */
export const MAX_MAP_ZOOM = 22;

export const BBOX_MESSAGE =
  'bbox deve ser "minLng,minLat,maxLng,maxLat": longitudes entre -180 e 180, latitudes entre -90 e 90, minLat menor ou igual a maxLat.';
export const BBOX_WITH_ZOOM_MESSAGE = 'Informe bbox e zoom juntos.';

export interface BoundingBox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/** "minLng,minLat,maxLng,maxLat" → a box, or null. minLng > maxLng is a box across the antimeridian. */
export function parseBbox(text: string): BoundingBox | null {
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((p) => p.trim() === '')) return null;
  const [minLng, minLat, maxLng, maxLat] = parts.map(Number) as [number, number, number, number];
  const lng = (v: number) => Number.isFinite(v) && v >= -180 && v <= 180;
  const lat = (v: number) => Number.isFinite(v) && v >= -90 && v <= 90;
  if (!lng(minLng) || !lng(maxLng) || !lat(minLat) || !lat(maxLat) || minLat > maxLat) return null;
  return { minLng, minLat, maxLng, maxLat };
}

const Bbox = z
  .string()
  .max(120)
  .transform((text, ctx) => {
    const box = parseBbox(text);
    if (!box) ctx.addIssue({ code: 'custom', message: BBOX_MESSAGE });
    return box ?? { minLng: 0, minLat: 0, maxLng: 0, maxLat: 0 };
  })
  .meta({ description: 'A área visível: "minLng,minLat,maxLng,maxLat". minLng maior que maxLng: uma área que cruza o antimeridiano.' });

const Zoom = z.coerce
  .number()
  .min(0)
  .max(MAX_MAP_ZOOM)
  .transform((z) => Math.floor(z))
  .meta({ description: `O zoom do mapa (0 a ${MAX_MAP_ZOOM}, como no Google Maps); com bbox.` });

export const HubViewportQuery = z
  .object({ bbox: Bbox.optional(), zoom: Zoom.optional() })
  .refine((q) => (q.bbox === undefined) === (q.zoom === undefined), { message: BBOX_WITH_ZOOM_MESSAGE, path: ['zoom'] });

/** Hubs close together on the map at the asked zoom, drawn as one marker with their count. */
export const HubCluster = z.object({
  count: z.number().int(),
  centre: z.object({ latitude: z.number(), longitude: z.number() }),
  /** The box around its Hubs ([minLng, minLat, maxLng, maxLat]): a click fits the map to it. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});

const viewportOf = <T extends z.ZodType>(hub: T) =>
  z.object({
    /** Every Hub in the box, whether shown alone or in a cluster. */
    total: z.number().int(),
    /** The zoom the clusters were made at: the asked one, or a lower one when that would show too many Hubs alone. */
    zoom: z.number().int(),
    hubs: z.array(hub),
    clusters: z.array(HubCluster),
  });

/** Visitors' answer: the map's shape of each Hub. */
export const HubMapViewport = viewportOf(HubMapSummary);
/** Admins' answer: every field, private Hubs too. */
export const HubViewport = viewportOf(HubSummary);

export type HubViewportQueryValue = z.output<typeof HubViewportQuery>;
export type HubClusterView = z.infer<typeof HubCluster>;
export type HubMapViewportView = z.infer<typeof HubMapViewport>;
