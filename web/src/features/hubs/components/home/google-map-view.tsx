import { AdvancedMarker, APILoadingStatus, Map, useApiLoadingStatus, useMap, type MapEvent } from '@vis.gl/react-google-maps';
import MapPinOff from 'lucide-react/icons/map-pin-off';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { HubMapSummary } from '../../types';
import { ClusterMarker } from './cluster-marker';
import { DEFAULT_ZOOM, hasCoordinates, mapCenter, type LatLng } from './home-utils';
import { HubMarker, UserLocationDot } from './hub-marker';
import type { HubCluster, MapView } from './map-view';
import { LocateButton } from './locate-button';
import { MAP_ID } from './maps-api-key';
import { useGeolocation } from './use-geolocation';

/** How long the Maps script may take before the page falls back to the static panel. */
const LOAD_TIMEOUT_MS = 12_000;

/** How long the camera must rest before the page asks for the Hubs of what it shows. */
const IDLE_DEBOUNCE_MS = 250;

/**
 * The map fed by visible area (GET /api/hubs?bbox=…): the clusters of the current answer, where
 * to start (spec §9's centre, from the whole world's clusters), whether any Hub exists at all,
 * and where to report what the camera shows.
 */
export interface MapArea {
  clusters: HubCluster[];
  initialCentre: LatLng;
  anyHub: boolean;
  onViewChange: (view: MapView) => void;
}

declare global {
  interface Window {
    gm_authFailure?: () => void;
  }
}

/** The live Google map. Rendered inside APIProvider; reports load failures to its parent. */
export function GoogleMapView({
  hubs,
  area,
  onSelect,
  onFailed,
}: {
  hubs: HubMapSummary[];
  area?: MapArea;
  onSelect: (hub: HubMapSummary) => void;
  onFailed: (reason: string) => void;
}) {
  const status = useApiLoadingStatus();
  const map = useMap();
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  // The camera starts on the Hubs' average position; live availability updates never move it.
  const [initialCenter] = useState(() => area?.initialCentre ?? mapCenter(hubs));

  // The camera at rest: report the visible area (debounced), so the page asks for its Hubs.
  const onViewChange = area?.onViewChange;
  const idleTimer = useRef<number | undefined>(undefined);
  const onIdle = useCallback(
    ({ map: idleMap }: MapEvent) => {
      if (!onViewChange) return;
      window.clearTimeout(idleTimer.current);
      idleTimer.current = window.setTimeout(() => {
        const bounds = idleMap.getBounds();
        const zoom = idleMap.getZoom();
        if (!bounds || zoom === undefined) return;
        const sw = bounds.getSouthWest();
        const ne = bounds.getNorthEast();
        onViewChange({ box: [sw.lng(), sw.lat(), ne.lng(), ne.lat()], zoom });
      }, IDLE_DEBOUNCE_MS);
    },
    [onViewChange],
  );
  useEffect(() => () => window.clearTimeout(idleTimer.current), []);

  const panTo = useCallback(
    (position: LatLng) => {
      map?.panTo(position);
    },
    [map],
  );
  const { locate, locating, position } = useGeolocation(panTo);

  useEffect(() => {
    if (status === APILoadingStatus.FAILED || status === APILoadingStatus.AUTH_FAILURE) onFailed(status);
  }, [status, onFailed]);

  // Offline or blocked networks can leave the script pending for a long time.
  useEffect(() => {
    if (status === APILoadingStatus.LOADED) return;
    const timer = window.setTimeout(() => onFailed('TIMEOUT'), LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [status, onFailed]);

  // Google calls this global when the key is rejected (invalid, restricted, billing).
  useEffect(() => {
    const previous = window.gm_authFailure;
    window.gm_authFailure = () => {
      previous?.();
      onFailed(APILoadingStatus.AUTH_FAILURE);
    };
    return () => {
      window.gm_authFailure = previous;
    };
  }, [onFailed]);

  const located = hubs.filter(hasCoordinates);

  return (
    <div ref={containerRef} className="relative h-[440px] overflow-hidden rounded-xl border bg-muted shadow-sm sm:h-[560px]">
      <Map
        mapId={MAP_ID}
        defaultCenter={initialCenter}
        defaultZoom={DEFAULT_ZOOM}
        gestureHandling="cooperative"
        clickableIcons={false}
        mapTypeControl={false}
        streetViewControl={false}
        fullscreenControl={false}
        className="size-full"
        onClick={() => setHoveredId(null)}
        onIdle={onIdle}
      >
        {area?.clusters.map((cluster) => (
          <ClusterMarker key={`${cluster.centre.latitude},${cluster.centre.longitude},${cluster.count}`} cluster={cluster} />
        ))}
        {located.map((hub) => (
          <HubMarker key={hub.id} hub={hub} hovered={hoveredId === hub.id} onHover={setHoveredId} onSelect={onSelect} containerRef={containerRef} />
        ))}
        {position && (
          <AdvancedMarker position={position} zIndex={900} anchorLeft="-50%" anchorTop="-50%" title="Você está aqui">
            <UserLocationDot />
          </AdvancedMarker>
        )}
      </Map>

      {status !== APILoadingStatus.LOADED && (
        <div className="absolute inset-0 z-20 flex items-center justify-center bg-muted/80">
          <div role="status" className="flex items-center gap-3 rounded-full bg-card px-5 py-3 text-sm font-medium text-muted-foreground shadow-sm">
            <span className="size-5 animate-spin rounded-full border-[3px] border-primary/20 border-t-primary" aria-hidden />
            Carregando mapa...
          </div>
        </div>
      )}

      <div className="absolute top-3 left-3 z-10">
        <LocateButton onClick={locate} locating={locating} />
      </div>

      {status === APILoadingStatus.LOADED && hubs.length === 0 && (area?.clusters.length ?? 0) === 0 && (
        <div className="pointer-events-none absolute inset-x-4 bottom-6 z-10 flex justify-center">
          <p className="flex items-center gap-2 rounded-full bg-card px-5 py-3 text-sm font-medium shadow-lg">
            <MapPinOff className="size-4 text-muted-foreground" aria-hidden />
            {!area || !area.anyHub ? 'Nenhum Hub disponível' : 'Nenhum Hub nesta área do mapa'}
          </p>
        </div>
      )}
    </div>
  );
}
