import { useQuery } from '@tanstack/react-query';
import type { getHubStaff as GetHubStaff } from '@contract/staff/staff-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

// The operators assigned to a Hub (admins only): the 'Equipe' card of the Hub's page.
export const getHubStaff = (hubId: string, signal?: AbortSignal) => call<typeof GetHubStaff>('GET /api/hubs/{id}/staff', { params: { id: hubId } }, { signal });

export const useHubStaff = (hubId: string) => useQuery({ queryKey: queryKeys.admin.hubStaff(hubId), queryFn: ({ signal }) => getHubStaff(hubId, signal) });
