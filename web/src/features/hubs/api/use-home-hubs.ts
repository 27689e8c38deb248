import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '@/features/auth';
import { DEFAULT_CENTER, DEFAULT_ZOOM } from '../components/home/home-utils';
import type { MapView } from '../components/home/map-view';
import { WORLD_VIEW, viewAround, weightedCentre } from '../components/home/map-view';
import { hubsQueryOptions } from './get-hubs';
import { useHubsInView } from './get-hubs-in-view';

/**
 * The Hubs the home page shows. With the live Google map (visitors and admins), by visible area:
 * first the whole world at zoom 0 (a handful of clusters: where the map starts, spec §9's average
 * position), then the area the map reports at rest, or, before it has (the list tab opened
 * first), the area a map would show around that centre. Without the map (no key, a failed load)
 * and for signed-in renters ("my Hubs", private ones granted included), the whole list as before.
 */
export function useHomeHubs(showsGoogleMap: boolean) {
  const { user, isAuthenticated } = useAuth();
  const admin = user !== null && (user.isAdmin || user.role === 'admin');
  const mine = isAuthenticated && user !== null && !admin;
  const byArea = showsGoogleMap && !mine;

  const whole = useQuery({ ...hubsQueryOptions(mine ? 'mine' : 'public'), enabled: !byArea });

  const variant = admin ? 'all' : 'public';
  const [reported, setReported] = useState<MapView | null>(null);
  const overview = useHubsInView(byArea ? WORLD_VIEW : null, variant);
  const centre = overview.data ? (weightedCentre(overview.data.hubs, overview.data.clusters) ?? { ...DEFAULT_CENTER }) : null;
  const view = reported ?? (centre ? viewAround(centre, DEFAULT_ZOOM) : null);
  const inView = useHubsInView(byArea ? view : null, variant);

  if (!byArea) {
    return {
      byArea: false as const,
      hubs: whole.data,
      isError: whole.isError,
      isFetching: whole.isFetching,
      refetch: () => whole.refetch(),
    };
  }
  const failed = overview.isError ? overview : inView;
  return {
    byArea: true as const,
    hubs: inView.data?.hubs,
    area:
      inView.data && centre
        ? { clusters: inView.data.clusters, total: inView.data.total, anyHub: (overview.data?.total ?? 0) > 0, initialCentre: centre }
        : undefined,
    onViewChange: setReported,
    isError: overview.isError || (inView.isError && !inView.data),
    isFetching: failed.isFetching,
    refetch: () => failed.refetch(),
  };
}
