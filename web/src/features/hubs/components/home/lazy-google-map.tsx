import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import type GoogleMap from './google-map';

type Props = ComponentProps<typeof GoogleMap>;

/** Stands in for the map when its chunk cannot be downloaded: the page falls back as for a bad key. */
function ChunkFailed({ onFailed }: Props) {
  useEffect(() => onFailed('CHUNK_LOAD'), [onFailed]);
  return <MapLoading />;
}

// Google Maps code (@vis.gl/react-google-maps) is its own chunk, downloaded only when a key lets
// the map load: visitors without one never pay for it.
const GoogleMapChunk = lazy(() => import('./google-map').catch(() => ({ default: ChunkFailed })));

/**
 * The same box and status line as the map's own loading state (google-map-view.tsx), so nothing
 * moves when the map takes its place.
 */
function MapLoading() {
  return (
    <div className="relative flex h-[440px] items-center justify-center overflow-hidden rounded-xl border bg-muted shadow-sm sm:h-[560px]">
      <div role="status" className="flex items-center gap-3 rounded-full bg-card px-5 py-3 text-sm font-medium text-muted-foreground shadow-sm">
        <span className="size-5 animate-spin rounded-full border-[3px] border-primary/20 border-t-primary" aria-hidden />
        Carregando mapa...
      </div>
    </div>
  );
}

/** The live Google map, loaded on demand, with a loading state of the map's size meanwhile. */
export function LazyGoogleMap(props: Props) {
  return (
    <Suspense fallback={<MapLoading />}>
      <GoogleMapChunk {...props} />
    </Suspense>
  );
}
