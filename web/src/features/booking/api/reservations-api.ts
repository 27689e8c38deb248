import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  bookBySize,
  getAccessCode,
  getReservation as GetReservation,
  issueAccessCode as IssueAccessCode,
  leaveForPickup,
  finalizeReservation,
  payReservation as PayReservation,
} from '@contract/reservations/reservation-endpoints';
import { call } from '@/lib/api-call';
import { createIntentKeys } from '@/lib/intent-keys';
import { queryKeys } from '@/lib/query-keys';
import type { CreateReservationInput, PaymentMethod } from '../types';

// Booking and paying are the two calls a lost answer must not repeat: each intent keeps its key.
const booking = createIntentKeys();
const payment = createIntentKeys();

export const createReservation = (input: CreateReservationInput) =>
  booking(input, (idempotencyKey) => call<typeof bookBySize>('POST /api/reservations/by-size', { body: input }, { idempotencyKey }));
export const getReservation = (id: string, signal?: AbortSignal) => call<typeof GetReservation>('GET /api/reservations/{id}', { params: { id } }, { signal });
export const payReservation = (id: string, method: PaymentMethod) =>
  payment({ id, method }, (idempotencyKey) =>
    call<typeof PayReservation>('POST /api/reservations/{id}/pay', { params: { id }, body: { method } }, { idempotencyKey }),
  );
export const issueAccessCode = (id: string) => call<typeof IssueAccessCode>('POST /api/reservations/{id}/access-code', { params: { id } });

/** The code the server holds now (it rotates them); the same shape as issuing one. */
export const getCurrentAccessCode = (id: string) => call<typeof getAccessCode>('GET /api/reservations/{id}/access-code', { params: { id } });

export const reservationQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.reservations.detail(id), queryFn: ({ signal }) => getReservation(id, signal) });

export const useReservation = (id: string) => useQuery(reservationQueryOptions(id));

export function useCreateReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReservation,
    onSuccess: (reservation) => {
      queryClient.setQueryData(queryKeys.reservations.detail(reservation.id), reservation);
      void queryClient.invalidateQueries({ queryKey: queryKeys.hubs.all });
    },
  });
}

export function usePayReservation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: PaymentMethod) => payReservation(id, method),
    onSuccess: (reservation) => queryClient.setQueryData(queryKeys.reservations.detail(id), reservation),
  });
}

export const useIssueAccessCode = (id: string) => useMutation({ mutationFn: () => issueAccessCode(id) });

/** The renter's two ways to end the use of a locker: leave the goods for logistics, or finish. */
export type ReservationEnding = 'leave-for-pickup' | 'finalize';
export const endReservationAs = (id: string, how: ReservationEnding) =>
  how === 'finalize'
    ? call<typeof finalizeReservation>('POST /api/reservations/{id}/finalize', { params: { id } })
    : call<typeof leaveForPickup>('POST /api/reservations/{id}/leave-for-pickup', { params: { id } });

export function useEndReservation(id: string, how: ReservationEnding) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endReservationAs(id, how),
    onSuccess: (reservation) => {
      queryClient.setQueryData(queryKeys.reservations.detail(id), reservation);
      void queryClient.invalidateQueries({ queryKey: queryKeys.reservations.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.hubs.all });
    },
  });
}
