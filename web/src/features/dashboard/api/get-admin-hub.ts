import { queryOptions, useQuery } from '@tanstack/react-query';
import type { getHub as GetHub } from '@contract/hubs/hub-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

// The same call as the renter's Hub page; an admin's token adds secret_key to the answer.
export const getAdminHub = (id: string, signal?: AbortSignal) => call<typeof GetHub>('GET /api/hubs/{id}', { params: { id } }, { signal });

export const adminHubQueryOptions = (id: string) => queryOptions({ queryKey: queryKeys.hubs.detail(id), queryFn: ({ signal }) => getAdminHub(id, signal) });

export const useAdminHub = (id: string | undefined) => useQuery({ ...adminHubQueryOptions(id ?? ''), enabled: Boolean(id) });
