import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reservation } from '@/features/booking';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getUserReservations = (userId: string, signal?: AbortSignal) => api.get<Reservation[]>(`/reservations/user/${userId}`, { signal });

export const userReservationsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.reservations.byUser(userId), queryFn: ({ signal }) => getUserReservations(userId, signal) });

export const useUserReservations = (userId: string | undefined) =>
  useQuery({ ...userReservationsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
