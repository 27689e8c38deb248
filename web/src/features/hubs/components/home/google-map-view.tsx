import { AdvancedMarker, APILoadingStatus, Map, useApiLoadingStatus, useMap } from '@vis.gl/react-google-maps';
import MapPinOff from 'lucide-react/icons/map-pin-off';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { HubMapSummary } from '../../types';
import { DEFAULT_ZOOM, hasCoordinates, mapCenter, type LatLng } from './home-utils';
import { HubMarker, UserLocationDot } from './hub-marker';
import { LocateButton } from './locate-button';
import { MAP_ID } from './maps-api-key';
import { useGeolocation } from './use-geolocation';

/** How long the Maps script may take before the page falls back to the static panel. */
const LOAD_TIMEOUT_MS = 12_000;

declare global {
  interface Window {
    gm_authFailure?: () => void;
  }
}

/** The live Google map. Rendered inside APIProvider; reports load failures to its parent. */
export function GoogleMapView({
  hubs,
  onSelect,
  onFailed,
}: {
  hubs: HubMapSummary[];
  onSelect: (hub: HubMapSummary) => void;
  onFailed: (reason: string) => void;
}) {
  const status = useApiLoadingStatus();
  const map = useMap();
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  // The camera starts on the Hubs' average position; live availability updates never move it.
  const [initialCenter] = useState(() => mapCenter(hubs));

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
      >
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

      {status === APILoadingStatus.LOADED && hubs.length === 0 && (
        <div className="pointer-events-none absolute inset-x-4 bottom-6 z-10 flex justify-center">
          <p className="flex items-center gap-2 rounded-full bg-card px-5 py-3 text-sm font-medium shadow-lg">
            <MapPinOff className="size-4 text-muted-foreground" aria-hidden />
            Nenhum Hub disponível
          </p>
        </div>
      )}
    </div>
  );
}
