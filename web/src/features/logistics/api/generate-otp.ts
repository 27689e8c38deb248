import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { GeneratedOtp } from '../types';

/**
 * POST /api/otp/generate/{hubId}: the server makes the pickup code (each one replaces the last).
 * Without a reservation the server picks the caller's oldest claimed item, claiming one if none.
 */
export const generateOtp = (hubId: string, reservationId?: string) =>
  api.post<GeneratedOtp>(`/otp/generate/${encodeURIComponent(hubId)}`, reservationId ? { reservation_id: reservationId } : {});

export function useGenerateOtp(hubId: string, reservationId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateOtp(hubId, reservationId),
    // Generating may claim an item: the queue and the Hub's counters may have moved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.logistics.all }),
  });
}
