import { queryOptions, useQuery } from '@tanstack/react-query';
import type { listHubs } from '@contract/hubs/hub-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';
import type { HubMapSummary } from '../types';

/** Admins get every field; the map reads only the public summary's. */
export const getHubs = (signal?: AbortSignal): Promise<HubMapSummary[]> => call<typeof listHubs>('GET /api/hubs', {}, { signal });

// The spec's list retries: 3 attempts, waiting 2^attempt × 500 ms (1 s, then 2 s).
export const hubsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.hubs.list('public'),
    queryFn: ({ signal }) => getHubs(signal),
    retry: 2,
    retryDelay: (attempt) => 2 ** (attempt + 1) * 500,
  });

export const useHubs = () => useQuery(hubsQueryOptions());
