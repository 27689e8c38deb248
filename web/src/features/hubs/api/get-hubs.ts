import { queryOptions } from '@tanstack/react-query';
import type { myHubs } from '@contract/access/access-endpoints';
import type { listHubs } from '@contract/hubs/hub-endpoints';
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
