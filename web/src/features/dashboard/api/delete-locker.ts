import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { deleteLocker as DeleteLocker } from '@contract/lockers/locker-endpoints';
import { call } from '@/lib/api-call';
import { invalidateAfterHubWrite } from './invalidate-after-write';

// 409 locker_has_reservations while it has future bookings; the others are renumbered on success.
export const deleteLocker = (id: string) => call<typeof DeleteLocker>('DELETE /api/lockers/{id}', { params: { id } });

export function useDeleteLocker() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteLocker, onSuccess: () => invalidateAfterHubWrite(queryClient) });
}
