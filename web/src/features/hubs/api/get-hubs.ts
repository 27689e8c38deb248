import { queryOptions, useQuery } from '@tanstack/react-query';
import type { myHubs } from '@contract/access/access-endpoints';
import type { listHubs } from '@contract/hubs/hub-endpoints';
import { useAuth } from '@/features/auth';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';
import type { HubMapSummary } from '../types';

/** Admins get every field; the map reads only the public summary's. */
export const getHubs = (signal?: AbortSignal): Promise<HubMapSummary[]> => call<typeof listHubs>('GET /api/hubs', {}, { signal }) as Promise<HubMapSummary[]>;

/** A signed-in non-admin's Hubs (spec §4): the public ones and the private ones they were granted. */
export const getMyHubs = (signal?: AbortSignal): Promise<HubMapSummary[]> => call<typeof myHubs>('GET /api/user-hub-access/my-hubs', {}, { signal });

// The spec's list retries: 3 attempts, waiting 2^attempt × 500 ms (1 s, then 2 s).
export const hubsQueryOptions = (source: 'public' | 'mine' = 'public') =>
  queryOptions({
    queryKey: queryKeys.hubs.list(source),
    queryFn: ({ signal }) => (source === 'mine' ? getMyHubs(signal) : getHubs(signal)),
    retry: 2,
    retryDelay: (attempt) => 2 ** (attempt + 1) * 500,
  });

/** Visitors the public Hubs, admins all (GET /api/hubs with their token), anyone else "my Hubs". */
export const useHubs = () => {
  const { user, isAuthenticated } = useAuth();
  const mine = isAuthenticated && user !== null && !(user.isAdmin || user.role === 'admin');
  return useQuery(hubsQueryOptions(mine ? 'mine' : 'public'));
};
