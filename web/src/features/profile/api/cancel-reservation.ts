import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { getCancellationQuote } from '@contract/refunds/refund-endpoints';
import type { cancelReservation } from '@contract/reservations/reservation-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

// Cancelling from the profile (issue 28): what the cancellation would refund is asked first and
// shown before the renter confirms; the answer to the cancel carries the refund asked for.

export const getCancellationQuoteOf = (id: string, signal?: AbortSignal) =>
  call<typeof getCancellationQuote>('GET /api/reservations/{id}/cancellation', { params: { id } }, { signal });

/** Fetched when the dialog opens and never cached: the amount depends on the moment. */
export const useCancellationQuote = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.reservations.detail(id), 'cancellation'],
    queryFn: ({ signal }) => getCancellationQuoteOf(id, signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useCancelReservation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call<typeof cancelReservation>('POST /api/reservations/{id}/cancel', { params: { id } }),
    onSuccess: (reservation) => {
      queryClient.setQueryData(queryKeys.reservations.detail(id), reservation);
      void queryClient.invalidateQueries({ queryKey: queryKeys.reservations.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.hubs.all });
    },
  });
}
