import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { deleteHub as DeleteHub } from '@contract/hubs/hub-admin-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';
import { invalidateAfterHubWrite } from './invalidate-after-write';

// 409 hub_has_reservations when future bookings exist: the caller shows the server's message.
export const deleteHub = (id: string) => call<typeof DeleteHub>('DELETE /api/hubs/{id}', { params: { id } });

export function useDeleteHub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHub,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.hubs.detail(id) });
      void invalidateAfterHubWrite(queryClient);
    },
  });
}
