import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { HubWithLockers } from '../types';

export const getHub = (id: string, signal?: AbortSignal) => api.get<HubWithLockers>(`/hubs/${encodeURIComponent(id)}`, { signal });

export const hubQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.hubs.detail(id), queryFn: ({ signal }) => getHub(id, signal) });

export const useHub = (id: string) => useQuery(hubQueryOptions(id));
