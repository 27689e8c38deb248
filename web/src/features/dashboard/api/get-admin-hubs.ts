import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Hub } from '@/features/hubs';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// GET /api/hubs with an admin's token answers the private Hubs too: the 'all' list.
export const getAdminHubs = (signal?: AbortSignal) => api.get<Hub[]>('/hubs', { signal });

export const adminHubsQueryOptions = () => queryOptions({ queryKey: queryKeys.hubs.list('all'), queryFn: ({ signal }) => getAdminHubs(signal) });

export const useAdminHubs = () => useQuery(adminHubsQueryOptions());
