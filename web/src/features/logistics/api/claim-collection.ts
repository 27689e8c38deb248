import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CollectionItem } from '../types';

/** POST /api/logistics/collections/{id}/claim; a 409 already_claimed names who has it. */
export const claimCollection = (reservationId: string) => api.post<CollectionItem>(`/logistics/collections/${encodeURIComponent(reservationId)}/claim`);

export function useClaimCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimCollection,
    // Refused or not, the queue changed under us: read it again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.logistics.all }),
  });
}
