import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Hub } from '@/features/hubs';
import type { listHubs as ListHubs } from '@contract/hubs/hub-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

// GET /api/hubs with an admin's token answers the private Hubs too, in the full shape (never the
// map's): the 'all' list.
export const getAdminHubs = (signal?: AbortSignal) => call<typeof ListHubs>('GET /api/hubs', {}, { signal }) as Promise<Hub[]>;

export const adminHubsQueryOptions = () => queryOptions({ queryKey: queryKeys.hubs.list('all'), queryFn: ({ signal }) => getAdminHubs(signal) });

export const useAdminHubs = () => useQuery(adminHubsQueryOptions());
