import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { approveAccessRequest, denyAccessRequest, listAccessRequests, listHubMembers, revokeAccess } from '@contract/access/access-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

// The admins' side of access grants (issue 26): the queue across Hubs, a Hub's members, and the
// decisions. Every write refreshes every access read; 'access:changed' pushes do the same for
// decisions taken elsewhere (another admin, another tab).

export const useAccessRequests = () =>
  useQuery({
    queryKey: queryKeys.access.requests,
    queryFn: ({ signal }) => call<typeof listAccessRequests>('GET /api/user-hub-access/requests', {}, { signal }),
  });

export const useHubMembers = (hubId: string) =>
  useQuery({
    queryKey: queryKeys.access.members(hubId),
    queryFn: ({ signal }) => call<typeof listHubMembers>('GET /api/hubs/{id}/members', { params: { id: hubId } }, { signal }),
  });

function useAccessWrite<V>(write: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.access.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
}

export const useApproveRequest = () =>
  useAccessWrite((id: string) => call<typeof approveAccessRequest>('POST /api/user-hub-access/requests/{id}/approve', { params: { id } }));

export const useDenyRequest = () =>
  useAccessWrite(({ id, reason }: { id: string; reason: string }) =>
    call<typeof denyAccessRequest>('POST /api/user-hub-access/requests/{id}/deny', { params: { id }, body: { reason } }),
  );

export const useRevokeAccess = () =>
  useAccessWrite(({ userId, hubId }: { userId: string; hubId: string }) =>
    call<typeof revokeAccess>('DELETE /api/user-hub-access/{userId}/{hubId}', { params: { userId, hubId } }),
  );
