import { APIProvider } from '@vis.gl/react-google-maps';
import type { HubMapSummary } from '../../types';
import type { MapArea } from './google-map-view';
import { GoogleMapView } from './google-map-view';

/**
 * The live Google map with its script loader: its own chunk (React.lazy in hub-map.tsx), so
 * @vis.gl/react-google-maps is downloaded only when there is a key to load the map with.
 */
export default function GoogleMap({
  apiKey,
  hubs,
  area,
  onSelect,
  onFailed,
}: {
  apiKey: string;
  hubs: HubMapSummary[];
  area?: MapArea;
  onSelect: (hub: HubMapSummary) => void;
  onFailed: (reason: unknown) => void;
}) {
  return (
    <APIProvider apiKey={apiKey} language="pt-BR" region="BR" onError={onFailed}>
      <GoogleMapView hubs={hubs} area={area} onSelect={onSelect} onFailed={onFailed} />
    </APIProvider>
  );
}
