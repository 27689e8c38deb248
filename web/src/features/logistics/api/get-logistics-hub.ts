import { queryOptions, useQuery } from '@tanstack/react-query';
import type { getStaffHub } from '@contract/logistics/logistics-endpoints';
import { call } from '@/lib/api-call';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/logistics/hubs/{id}: the Hub, its counters and its reservations. */
export const getLogisticsHub = (id: string, signal?: AbortSignal) => call<typeof getStaffHub>('GET /api/logistics/hubs/{id}', { params: { id } }, { signal });

export const logisticsHubQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.logistics.hub(id),
    queryFn: ({ signal }) => getLogisticsHub(id, signal),
    // A missing or unassigned Hub stays missing: no retries before 'Hub não encontrado'.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });

export const useLogisticsHub = (id: string) => useQuery({ ...logisticsHubQueryOptions(id), enabled: id !== '' });
