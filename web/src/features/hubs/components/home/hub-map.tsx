import KeyRound from 'lucide-react/icons/key-round';
import MapPinOff from 'lucide-react/icons/map-pin-off';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import type { HubMapSummary } from '../../types';
import { ApiKeyForm } from './api-key-form';
import { HubSheet } from './hub-sheet';
import { HubsLoading } from './hubs-status';
import { LazyGoogleMap } from './lazy-google-map';
import { MapFallback } from './map-fallback';
import { markMapsScriptRequested, useMapsApiKey } from './maps-api-key';
import { useGeolocation } from './use-geolocation';

// Keys whose load already failed in this page: the failure toast is shown once per key.
const failedKeys = new Set<string>();

/**
 * The 'Mapa' tab: Google Maps when it can load, a usable static panel when it cannot. `hubs` is
 * null while they load: the static panel draws at once, the Google map waits for them.
 */
export function HubMap({ hubs }: { hubs: HubMapSummary[] | null }) {
  const { key, configured, save, clear } = useMapsApiKey();
  const [failedKey, setFailedKey] = useState<string | null>(() => (key && failedKeys.has(key) ? key : null));
  const [selectedId, setSelectedId] = useState<string | null>(null);

  // The sheet follows live updates: it reads the Hub from the latest list.
  const selected = hubs?.find((hub) => hub.id === selectedId) ?? null;
  const select = useCallback((hub: HubMapSummary) => setSelectedId(hub.id), []);

  const onFailed = useCallback(
    (reason: unknown) => {
      if (!key) return;
      if (!failedKeys.has(key)) {
        failedKeys.add(key);
        console.warn('Google Maps indisponível', reason);
        toast.error('Falha ao carregar a API do Google Maps');
      }
      setFailedKey(key);
    },
    [key],
  );

  const fallbackGeo = useGeolocation();
  const failed = key !== null && failedKey === key;
  const showsGoogleMap = key !== null && !failed;

  useEffect(() => {
    if (showsGoogleMap) markMapsScriptRequested();
  }, [showsGoogleMap]);

  let content;
  if (!showsGoogleMap) {
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
    content = <LazyGoogleMap apiKey={key} hubs={hubs} onSelect={select} onFailed={onFailed} />;
  } else {
    content = <HubsLoading variant="map" />;
  }

  return (
    <>
      {content}
      <HubSheet hub={selected} onOpenChange={(open) => !open && setSelectedId(null)} />
    </>
  );
}
