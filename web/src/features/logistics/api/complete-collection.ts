import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { completeCollection as CompleteCollection } from '@contract/logistics/logistics-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/logistics/collections/{id}/complete: the claimer (or an admin) ends the pickup. */
export const completeCollection = (reservationId: string) =>
  call<typeof CompleteCollection>('POST /api/logistics/collections/{id}/complete', { params: { id: reservationId } });

export function useCompleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeCollection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.logistics.all }),
  });
}
