import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CollectionItem } from '../types';

/** POST /api/logistics/collections/{id}/complete: the claimer (or an admin) ends the pickup. */
export const completeCollection = (reservationId: string) => api.post<CollectionItem>(`/logistics/collections/${encodeURIComponent(reservationId)}/complete`);

export function useCompleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeCollection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.logistics.all }),
  });
}
