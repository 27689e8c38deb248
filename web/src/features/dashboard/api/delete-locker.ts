import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterHubWrite } from './invalidate-after-write';

// 409 locker_has_reservations while it has future bookings; the others are renumbered on success.
export const deleteLocker = (id: string) => api.delete<Record<string, never>>(`/lockers/${encodeURIComponent(id)}`);

export function useDeleteLocker() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteLocker, onSuccess: () => invalidateAfterHubWrite(queryClient) });
}
