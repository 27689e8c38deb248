import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { useMapsApiKey } from './maps-api-key';

// Keys whose load already failed in this page: the failure toast is shown once per key.
const failedKeys = new Set<string>();

/**
 * Whether the home page shows the live Google map: there is a key and its load has not failed.
 * The page reads it too: with the map, the Hubs come by visible area (GET /api/hubs?bbox=…);
 * without, the whole list feeds the static panel and the list tab.
 */
export function useGoogleMapState() {
  const { key, configured, save, clear } = useMapsApiKey();
  const [failedKey, setFailedKey] = useState<string | null>(() => (key && failedKeys.has(key) ? key : null));

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

  const failed = key !== null && failedKey === key;
  return { key, configured, save, clear, onFailed, showsGoogleMap: key !== null && !failed };
}

export type GoogleMapState = ReturnType<typeof useGoogleMapState>;
