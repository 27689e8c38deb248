import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { extendReservation as ExtendReservation, getExtensionQuote as GetExtensionQuote } from '@contract/reservations/extension-endpoints';
import { call } from '@/lib/api-call';
import { createIntentKeys } from '@/lib/intent-keys';
import { queryKeys } from '@/lib/query-keys';
import type { PaymentMethod } from '../types';

// Extending a reservation (issue 28): a quote per choice of hours, then the paid extension, whose
// retry after a lost answer keeps its Idempotency-Key (it must not be paid twice).

export const EXTENSION_CHOICES = [1, 2, 3, 6] as const;
const extension = createIntentKeys();

/** Under the reservation's keys, so a pushed change of the reservation refreshes the quotes too. */
const quoteKey = (id: string, hours: number) => [...queryKeys.reservations.all, 'extension', id, hours] as const;

export const getExtensionQuote = (id: string, hours: number, signal?: AbortSignal) =>
  call<typeof GetExtensionQuote>('GET /api/reservations/{id}/extension', { params: { id }, query: { hours } }, { signal });

export const extendReservation = (id: string, hours: number, method: PaymentMethod) =>
  extension({ id, hours, method }, (idempotencyKey) =>
    call<typeof ExtendReservation>('POST /api/reservations/{id}/extend', { params: { id }, body: { hours, method } }, { idempotencyKey }),
  );

/** The four choices' quotes, asked for while the dialog is open (a refusal, e.g. too long, is kept as its error). */
export const useExtensionQuotes = (id: string, enabled: boolean) =>
  useQueries({
    queries: EXTENSION_CHOICES.map((hours) => ({
      queryKey: quoteKey(id, hours),
      queryFn: ({ signal }: { signal: AbortSignal }) => getExtensionQuote(id, hours, signal),
      enabled,
      retry: false,
      staleTime: 0,
    })),
  });

export function useExtendReservation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hours, method }: { hours: number; method: PaymentMethod }) => extendReservation(id, hours, method),
    onSuccess: (answer) => {
      // A real PSP answers the extension's PIX charge: the end moves when the PSP confirms it.
      if ('payment' in answer && !('id' in answer)) return;
      // The new end at once: the access page reads the code again when the reservation changes.
      queryClient.setQueryData(queryKeys.reservations.detail(id), answer);
      void queryClient.invalidateQueries({ queryKey: queryKeys.reservations.byUserAll });
      void queryClient.invalidateQueries({ queryKey: queryKeys.hubs.all });
    },
  });
}
