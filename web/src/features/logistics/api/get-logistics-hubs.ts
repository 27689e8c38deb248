import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { LogisticsHubSummary } from '../types';

/** GET /api/logistics/hubs: the Hubs assigned to the caller, with locker counts. */
export const getLogisticsHubs = (signal?: AbortSignal) => api.get<LogisticsHubSummary[]>('/logistics/hubs', { signal });

export const logisticsHubsQueryOptions = () => queryOptions({ queryKey: queryKeys.logistics.hubs, queryFn: ({ signal }) => getLogisticsHubs(signal) });

export const useLogisticsHubs = () => useQuery(logisticsHubsQueryOptions());
