import { useCallback, useState } from 'react';
import { runtimeConfig } from '@/lib/runtime-config';
import { StorageKeys, storage } from '@/lib/storage';

// The Google Maps key: the server's (GOOGLE_MAPS_API_KEY, served in index.html), else the build's
// (VITE_GOOGLE_MAPS_API_KEY, e.g. for `npm run dev:web`), else one saved by the visitor in local
// storage under 'googleMapsApiKey'. The Maps script can only be loaded once per page, so
// replacing a key after a load was attempted needs a page reload.

const configuredKey = runtimeConfig.googleMapsApiKey ?? ((import.meta.env.VITE_GOOGLE_MAPS_API_KEY as string | undefined)?.trim() || null);
const readStoredKey = () => storage.get(StorageKeys.googleMapsApiKey)?.trim() || null;

let scriptRequested = false;
export const markMapsScriptRequested = () => {
  scriptRequested = true;
};

export function useMapsApiKey() {
  const [storedKey, setStoredKey] = useState(readStoredKey);
  const key = configuredKey ?? storedKey;

  const save = useCallback((value: string) => {
    storage.set(StorageKeys.googleMapsApiKey, value);
    if (scriptRequested) window.location.reload();
    else setStoredKey(value);
  }, []);

  const clear = useCallback(() => {
    storage.remove(StorageKeys.googleMapsApiKey);
    setStoredKey(null);
  }, []);

  return { key, configured: configuredKey !== null, save, clear };
}

/** Optional vector map id for Advanced Markers (the server's, else the build's); Google's demo id works for development. */
export const MAP_ID = runtimeConfig.googleMapsMapId ?? ((import.meta.env.VITE_GOOGLE_MAPS_MAP_ID as string | undefined)?.trim() || 'DEMO_MAP_ID');
