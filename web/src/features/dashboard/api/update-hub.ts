import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AdminHub, HubInput } from '../types';
import { invalidateAfterHubWrite } from './invalidate-after-write';

export const updateHub = (id: string, changes: Partial<HubInput>) => api.put<AdminHub>(`/hubs/${encodeURIComponent(id)}`, changes);

export function useUpdateHub(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<HubInput>) => updateHub(id, changes),
    onSuccess: (hub) => {
      queryClient.setQueryData(queryKeys.hubs.detail(hub.id), hub);
      void invalidateAfterHubWrite(queryClient);
    },
  });
}
