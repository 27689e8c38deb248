import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { checkAccess, requestAccess } from '@contract/access/access-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

// The renter's side of private Hubs (spec "Hub detail", issue 26): may I use this Hub, and asking.

export const accessCheckQueryOptions = (userId: string, hubId: string) =>
  queryOptions({
    queryKey: queryKeys.access.check(userId, hubId),
    queryFn: ({ signal }) => call<typeof checkAccess>('GET /api/user-hub-access/check/{userId}/{hubId}', { params: { userId, hubId } }, { signal }),
    retry: false,
  });

export const useAccessCheck = (userId: string, hubId: string) => useQuery(accessCheckQueryOptions(userId, hubId));

export function useRequestAccess(hubId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => call<typeof requestAccess>('POST /api/user-hub-access/request', { body: { hubId, message: message || null } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.access.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.hubs.lists });
    },
  });
}
