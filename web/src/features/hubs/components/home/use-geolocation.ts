import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import type { LatLng } from './home-utils';

// Spec §9: high accuracy, 5000 ms timeout, no cached position.
const OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 };

/** 'Minha localização': asks the browser once per click and reports the outcome in a toast. */
export function useGeolocation(onLocated?: (position: LatLng) => void) {
  const [locating, setLocating] = useState(false);
  const [position, setPosition] = useState<LatLng | null>(null);

  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) {
      toast.error('Seu navegador não suporta geolocalização');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const here = { lat: coords.latitude, lng: coords.longitude };
        setLocating(false);
        setPosition(here);
        onLocated?.(here);
        toast.success('Localização obtida com sucesso!');
      },
      () => {
        setLocating(false);
        toast.error('Não foi possível obter sua localização');
      },
      OPTIONS,
    );
  }, [onLocated]);

  return { locate, locating, position };
}
