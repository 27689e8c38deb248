import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { generatePickupCode } from '@contract/logistics/logistics-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /api/otp/generate/{hubId}: the server makes the pickup code (each one replaces the last).
 * Without a reservation the server picks the caller's oldest claimed item, claiming one if none.
 */
export const generateOtp = (hubId: string, reservationId?: string) =>
  call<typeof generatePickupCode>('POST /api/otp/generate/{hubId}', { params: { hubId }, body: reservationId ? { reservation_id: reservationId } : {} });

export function useGenerateOtp(hubId: string, reservationId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateOtp(hubId, reservationId),
    // Generating may claim an item: the queue and the Hub's counters may have moved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.logistics.all }),
  });
}
