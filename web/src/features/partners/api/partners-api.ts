import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InputOf } from '@contract/endpoint';
import type { WholeHubList, listHubs } from '@contract/hubs/hub-endpoints';
import type { listOperators } from '@contract/operators/operator-endpoints';
import type {
  addPartnerHub,
  addPartnerUser,
  createPartner,
  deletePartner,
  generatePartnerSandboxToken,
  generatePartnerToken,
  getPartner,
  getPartnerHistory,
  getPartnerHubs,
  getPartnerUsers,
  listPartners,
  removePartnerHub,
  removePartnerUser,
  updatePartner,
} from '@contract/partners/partner-endpoints';
import { call } from '@/lib/api-call';

// The Partners screens' calls. Under the ['admin'] prefix, so an `admin:changed` push refreshes
// them with the rest of the dashboard.
const base = ['admin', 'partners'] as const;
export const partnerKeys = {
  list: (search: string) => [...base, 'list', search] as const,
  one: (id: string) => [...base, id] as const,
  users: (id: string) => [...base, id, 'users'] as const,
  hubs: (id: string) => [...base, id, 'hubs'] as const,
  history: (id: string) => [...base, id, 'history'] as const,
};

export type PartnerInput = InputOf<typeof createPartner>['body'];

export const usePartners = (search: string) =>
  useQuery({
    queryKey: partnerKeys.list(search),
    queryFn: ({ signal }) => call<typeof listPartners>('GET /api/partners', { query: search ? { search } : {} }, { signal }),
    placeholderData: (previous) => previous,
  });

export const usePartner = (id: string | undefined) =>
  useQuery({
    queryKey: partnerKeys.one(id ?? ''),
    queryFn: ({ signal }) => call<typeof getPartner>('GET /api/partners/{id}', { params: { id: id! } }, { signal }),
    enabled: Boolean(id),
    retry: (count, error) => !(error instanceof Error && 'status' in error && (error as { status: number }).status === 404) && count < 2,
  });

export const usePartnerUsers = (id: string) =>
  useQuery({
    queryKey: partnerKeys.users(id),
    queryFn: ({ signal }) => call<typeof getPartnerUsers>('GET /api/partners/{id}/users', { params: { id } }, { signal }),
  });

export const usePartnerHubs = (id: string) =>
  useQuery({
    queryKey: partnerKeys.hubs(id),
    queryFn: ({ signal }) => call<typeof getPartnerHubs>('GET /api/partners/{id}/hubs', { params: { id } }, { signal }),
  });

/** The partner's history (all of it: a partner's streams are short, so no paging). */
export const usePartnerHistory = (id: string) =>
  useQuery({
    queryKey: partnerKeys.history(id),
    queryFn: ({ signal }) => call<typeof getPartnerHistory>('GET /api/partners/{id}/history', { params: { id } }, { signal }),
  });

/** What the add dialogs choose from: every operator, and every Hub (an admin's list has the private ones). */
export const useOperatorOptions = (enabled: boolean) =>
  useQuery({ queryKey: ['admin', 'operators'], queryFn: ({ signal }) => call<typeof listOperators>('GET /api/operators', {}, { signal }), enabled });
export const useHubOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['hubs', 'list', 'all'],
    queryFn: ({ signal }) => call<typeof listHubs>('GET /api/hubs', {}, { signal }) as Promise<WholeHubList>,
    enabled,
  });

function usePartnerMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: base }) });
}

export const useCreatePartner = () => usePartnerMutation((body: PartnerInput) => call<typeof createPartner>('POST /api/partners', { body }));
export const useUpdatePartner = () =>
  usePartnerMutation(({ id, body }: { id: string; body: PartnerInput }) => call<typeof updatePartner>('PUT /api/partners/{id}', { params: { id }, body }));
export const useDeletePartner = () => usePartnerMutation((id: string) => call<typeof deletePartner>('DELETE /api/partners/{id}', { params: { id } }));
export const useGenerateToken = () =>
  usePartnerMutation((id: string) => call<typeof generatePartnerToken>('POST /api/partners/{id}/generate-token', { params: { id } }));

export const useGenerateSandboxToken = () =>
  usePartnerMutation((id: string) => call<typeof generatePartnerSandboxToken>('POST /api/partners/{id}/generate-sandbox-token', { params: { id } }));

export const useAddPartnerUser = () =>
  usePartnerMutation(({ id, userId }: { id: string; userId: string }) =>
    call<typeof addPartnerUser>('POST /api/partners/{id}/users/{userId}', { params: { id, userId } }),
  );
export const useRemovePartnerUser = () =>
  usePartnerMutation(({ id, userId }: { id: string; userId: string }) =>
    call<typeof removePartnerUser>('DELETE /api/partners/{id}/users/{userId}', { params: { id, userId } }),
  );
export const useAddPartnerHub = () =>
  usePartnerMutation(({ id, hubId }: { id: string; hubId: string }) =>
    call<typeof addPartnerHub>('POST /api/partners/{id}/hubs/{hubId}', { params: { id, hubId } }),
  );
export const useRemovePartnerHub = () =>
  usePartnerMutation(({ id, hubId }: { id: string; hubId: string }) =>
    call<typeof removePartnerHub>('DELETE /api/partners/{id}/hubs/{hubId}', { params: { id, hubId } }),
  );
