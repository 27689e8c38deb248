import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { claimCollection as ClaimCollection } from '@contract/logistics/logistics-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/logistics/collections/{id}/claim; a 409 already_claimed names who has it. */
export const claimCollection = (reservationId: string) =>
  call<typeof ClaimCollection>('POST /api/logistics/collections/{id}/claim', { params: { id: reservationId } });

export function useClaimCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimCollection,
    // Refused or not, the queue changed under us: read it again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.logistics.all }),
  });
}
