import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { getOperatorHubs as GetOperatorHubs, setOperatorHubs as SetOperatorHubs } from '@contract/staff/staff-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';
import { invalidateAfterStaffWrite } from './invalidate-after-staff-write';

// An operator's Hubs, read and replaced as a whole set (the operator's form and the editor).
export const getOperatorHubs = (userId: string, signal?: AbortSignal) =>
  call<typeof GetOperatorHubs>('GET /api/operators/{id}/hubs', { params: { id: userId } }, { signal });

export const useOperatorHubs = (userId: string) =>
  useQuery({ queryKey: queryKeys.admin.operatorHubs(userId), queryFn: ({ signal }) => getOperatorHubs(userId, signal) });

export const setOperatorHubs = (userId: string, hubIds: string[]) =>
  call<typeof SetOperatorHubs>('PUT /api/operators/{id}/hubs', { params: { id: userId }, body: { hub_ids: hubIds } });

export function useSetOperatorHubs(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (hubIds: string[]) => setOperatorHubs(userId, hubIds), onSuccess: () => invalidateAfterStaffWrite(queryClient) });
}
