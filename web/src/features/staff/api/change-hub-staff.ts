import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { addHubStaff as AddHubStaff, removeHubStaff as RemoveHubStaff } from '@contract/staff/staff-endpoints';
import { call } from '@/lib/api-call';
import { invalidateAfterStaffWrite } from './invalidate-after-staff-write';

// Adding or removing one operator from the Hub's page. Each answers the Hub's team as it now is,
// once the change counts in every API process (the server waits for it).
export const addHubStaff = (hubId: string, userId: string) => call<typeof AddHubStaff>('PUT /api/hubs/{id}/staff/{userId}', { params: { id: hubId, userId } });
export const removeHubStaff = (hubId: string, userId: string) =>
  call<typeof RemoveHubStaff>('DELETE /api/hubs/{id}/staff/{userId}', { params: { id: hubId, userId } });

export function useAddHubStaff(hubId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (userId: string) => addHubStaff(hubId, userId), onSuccess: () => invalidateAfterStaffWrite(queryClient) });
}

export function useRemoveHubStaff(hubId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (userId: string) => removeHubStaff(hubId, userId), onSuccess: () => invalidateAfterStaffWrite(queryClient) });
}
