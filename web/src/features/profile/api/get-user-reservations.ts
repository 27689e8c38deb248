import { queryOptions, useQuery } from '@tanstack/react-query';
import type { listUserReservations } from '@contract/reservations/reservation-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

export const getUserReservations = (userId: string, signal?: AbortSignal) =>
  call<typeof listUserReservations>('GET /api/reservations/user/{userId}', { params: { userId } }, { signal });

export const userReservationsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.reservations.byUser(userId), queryFn: ({ signal }) => getUserReservations(userId, signal) });

// While a refund is being carried out the list asks again, so 'em processamento' turns to 'devolvido' by itself.
export const useUserReservations = (userId: string | undefined) =>
  useQuery({
    ...userReservationsQueryOptions(userId ?? ''),
    enabled: Boolean(userId),
    refetchInterval: (query) => (query.state.data?.some((r) => r.refund?.status === 'pending') ? 3_000 : false),
  });
