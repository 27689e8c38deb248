import { queryOptions, useQuery } from '@tanstack/react-query';
import type { getHub as GetHub } from '@contract/hubs/hub-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

export const getHub = (id: string, signal?: AbortSignal) => call<typeof GetHub>('GET /api/hubs/{id}', { params: { id } }, { signal });

export const hubQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.hubs.detail(id), queryFn: ({ signal }) => getHub(id, signal) });

export const useHub = (id: string) => useQuery(hubQueryOptions(id));
