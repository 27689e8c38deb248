import KeyRound from 'lucide-react/icons/key-round';
import MapPinOff from 'lucide-react/icons/map-pin-off';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { HubMapSummary } from '../../types';
import { ApiKeyForm } from './api-key-form';
import { HubSheet } from './hub-sheet';
import { HubsLoading } from './hubs-status';
import { LazyGoogleMap } from './lazy-google-map';
import { MapFallback } from './map-fallback';
import { markMapsScriptRequested } from './maps-api-key';
import type { MapArea } from './google-map-view';
import type { GoogleMapState } from './use-google-map-state';
import { useGeolocation } from './use-geolocation';

/**
 * The 'Mapa' tab: Google Maps when it can load (fed by visible area when `area` is given), a
 * usable static panel with every Hub when it cannot. `hubs` is null while they load: the static
 * panel draws at once, the Google map waits for them.
 */
export function HubMap({ hubs, mapState, area }: { hubs: HubMapSummary[] | null; mapState: GoogleMapState; area?: MapArea }) {
  const { key, configured, save, clear, onFailed, showsGoogleMap } = mapState;
  const [picked, setPicked] = useState<HubMapSummary | null>(null);

  // The sheet follows live updates: it reads the Hub from the latest answer while it is in it
  // (a pan may take it out of the visible area; the sheet then keeps the last copy).
  const selected = picked ? (hubs?.find((hub) => hub.id === picked.id) ?? picked) : null;
  const select = useCallback((hub: HubMapSummary) => setPicked(hub), []);

  const fallbackGeo = useGeolocation();

  useEffect(() => {
    if (showsGoogleMap) markMapsScriptRequested();
  }, [showsGoogleMap]);

  let content;
  if (!showsGoogleMap || !key) {
    content = (
      <MapFallback
        hubs={hubs}
        onSelect={select}
        onLocate={fallbackGeo.locate}
        locating={fallbackGeo.locating}
        userPosition={fallbackGeo.position}
        notice={
          !key ? (
            <ApiKeyForm onSave={save} />
          ) : (
            <div className="space-y-4">
              <div className="flex items-start gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent/20 text-amber-700">
                  <MapPinOff className="size-5" aria-hidden />
                </span>
                <div className="space-y-1">
                  <h2 className="font-semibold">Mapa indisponível no momento</h2>
                  <p className="text-sm text-muted-foreground">Não foi possível carregar o Google Maps. Escolha um Hub abaixo ou use a aba Lista.</p>
                </div>
              </div>
              {!configured && (
                <Button variant="outline" size="sm" onClick={clear}>
                  <KeyRound aria-hidden />
                  Alterar API Key
                </Button>
              )}
            </div>
          )
        }
      />
    );
  } else if (hubs) {
    content = <LazyGoogleMap apiKey={key} hubs={hubs} area={area} onSelect={select} onFailed={onFailed} />;
  } else {
    content = <HubsLoading variant="map" />;
  }

  return (
    <>
      {content}
      <HubSheet hub={selected} onOpenChange={(open) => !open && setPicked(null)} />
    </>
  );
}
