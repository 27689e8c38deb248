import { AdvancedMarker, useMap } from '@vis.gl/react-google-maps';
import type { HubCluster } from './map-view';
import { isPointCluster } from './map-view';

/** Several Hubs close together at this zoom: a disc with their count; a click zooms in on them. */
export function ClusterMarker({ cluster }: { cluster: HubCluster }) {
  const map = useMap();
  const zoomIn = () => {
    if (!map) return;
    const [west, south, east, north] = cluster.bbox;
    const centre = { lat: cluster.centre.latitude, lng: cluster.centre.longitude };
    // Hubs at one point never part: zoom in a step around them instead of fitting a box of size zero.
    if (isPointCluster(cluster)) {
      map.panTo(centre);
      map.setZoom((map.getZoom() ?? 13) + 2);
    } else map.fitBounds({ west, south, east, north }, 48);
  };
  const size = cluster.count < 10 ? 'size-11' : cluster.count < 100 ? 'size-13' : cluster.count < 1000 ? 'size-15' : 'size-17';
  return (
    <AdvancedMarker
      position={{ lat: cluster.centre.latitude, lng: cluster.centre.longitude }}
      title={`${cluster.count.toLocaleString('pt-BR')} Hubs nesta região: aproximar`}
      anchorLeft="-50%"
      anchorTop="-50%"
      onClick={zoomIn}
    >
      <span
        className={`flex ${size} items-center justify-center rounded-full border-[3px] border-white bg-primary text-sm font-bold text-primary-foreground shadow-lg ring-4 ring-primary/25 transition-transform hover:scale-105`}
        aria-hidden
      >
        {cluster.count.toLocaleString('pt-BR')}
      </span>
    </AdvancedMarker>
  );
}
