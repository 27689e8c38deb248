import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HubViewportAnswer, listHubs } from '@contract/hubs/hub-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';
import type { MapView } from '../components/home/map-view';
import { bboxParam, roundView } from '../components/home/map-view';

/** GET /api/hubs?bbox=…&zoom=…: the Hubs and clusters of an area (visitors the public ones, admins all). */
export const getHubsInView = (view: MapView, signal?: AbortSignal) =>
  call<typeof listHubs>('GET /api/hubs', { query: { bbox: bboxParam(view), zoom: view.zoom } }, { signal }) as Promise<HubViewportAnswer>;

/**
 * The Hubs of a map's visible area, keyed by the area rounded to its zoom's grid (panning back
 * is answered from the cache); the previous area's answer stays on screen while the next loads.
 * Live availability: the realtime provider's pushes invalidate every ['hubs', 'list'] query.
 */
export function useHubsInView(view: MapView | null, variant: 'public' | 'all') {
  const rounded = view ? roundView(view) : null;
  return useQuery({
    queryKey: queryKeys.hubs.inView(variant, rounded ? bboxParam(rounded) : '', rounded?.zoom ?? -1),
    queryFn: ({ signal }) => getHubsInView(rounded!, signal),
    enabled: rounded !== null,
    placeholderData: keepPreviousData,
    retry: 2,
    retryDelay: (attempt) => 2 ** (attempt + 1) * 500,
  });
}
