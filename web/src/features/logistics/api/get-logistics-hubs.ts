import { queryOptions, useQuery } from '@tanstack/react-query';
import type { listStaffHubs } from '@contract/logistics/logistics-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/logistics/hubs: the Hubs assigned to the caller, with locker counts. */
export const getLogisticsHubs = (signal?: AbortSignal) => call<typeof listStaffHubs>('GET /api/logistics/hubs', {}, { signal });

export const logisticsHubsQueryOptions = () => queryOptions({ queryKey: queryKeys.logistics.hubs, queryFn: ({ signal }) => getLogisticsHubs(signal) });

export const useLogisticsHubs = () => useQuery(logisticsHubsQueryOptions());
