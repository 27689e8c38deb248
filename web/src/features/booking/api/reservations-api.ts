import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { LockerSize } from '@/features/hubs/types';
import type { AccessCode, Reservation } from '../types';

export interface CreateReservationInput {
  hub_id: string;
  size: LockerSize;
  start_time: string;
  end_time: string;
}

export const createReservation = (input: CreateReservationInput) => api.post<Reservation>('/reservations/by-size', input);
export const getReservation = (id: string, signal?: AbortSignal) => api.get<Reservation>(`/reservations/${id}`, { signal });
export const payReservation = (id: string, method: 'credit_card' | 'pix') => api.post<Reservation>(`/reservations/${id}/pay`, { method });
export const issueAccessCode = (id: string) => api.post<AccessCode>(`/reservations/${id}/access-code`);

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
