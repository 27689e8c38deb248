import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { createIntentKeys } from '@/lib/intent-keys';
import { queryKeys } from '@/lib/query-keys';
import type { LockerSize } from '@/features/hubs';
import type { AccessCode, Reservation } from '../types';

export interface CreateReservationInput {
  hub_id: string;
  size: LockerSize;
  start_time: string;
  end_time: string;
}

// Booking and paying are the two calls a lost answer must not repeat: each intent keeps its key.
const booking = createIntentKeys();
const payment = createIntentKeys();

export const createReservation = (input: CreateReservationInput) =>
  booking(input, (idempotencyKey) => api.post<Reservation>('/reservations/by-size', input, { idempotencyKey }));
export const getReservation = (id: string, signal?: AbortSignal) => api.get<Reservation>(`/reservations/${id}`, { signal });
export const payReservation = (id: string, method: 'credit_card' | 'pix') =>
  payment({ id, method }, (idempotencyKey) => api.post<Reservation>(`/reservations/${id}/pay`, { method }, { idempotencyKey }));
export const issueAccessCode = (id: string) => api.post<AccessCode>(`/reservations/${id}/access-code`);

/** The code the server holds now (it rotates them); the same shape as issuing one. */
export const getCurrentAccessCode = (id: string) => api.get<AccessCode>(`/reservations/${id}/access-code`);

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
    mutationFn: (method: 'credit_card' | 'pix') => payReservation(id, method),
    onSuccess: (reservation) => queryClient.setQueryData(queryKeys.reservations.detail(id), reservation),
  });
}

export const useIssueAccessCode = (id: string) => useMutation({ mutationFn: () => issueAccessCode(id) });

/** The renter's two ways to end the use of a locker: leave the goods for logistics, or finish. */
export type ReservationEnding = 'leave-for-pickup' | 'finalize';
export const endReservationAs = (id: string, how: ReservationEnding) => api.post<Reservation>(`/reservations/${id}/${how}`);

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
