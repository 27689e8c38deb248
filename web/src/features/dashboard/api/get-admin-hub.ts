import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AdminHub } from '../types';

// The same call as the renter's Hub page; an admin's token adds secret_key to the answer.
export const getAdminHub = (id: string, signal?: AbortSignal) => api.get<AdminHub>(`/hubs/${encodeURIComponent(id)}`, { signal });

export const adminHubQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.hubs.detail(id), queryFn: ({ signal }) => getAdminHub(id, signal) });

export const useAdminHub = (id: string | undefined) => useQuery({ ...adminHubQueryOptions(id ?? ''), enabled: Boolean(id) });
