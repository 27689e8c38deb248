import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { updateHub as UpdateHub } from '@contract/hubs/hub-admin-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';
import type { HubInput } from '../types';
import { invalidateAfterHubWrite } from './invalidate-after-write';

export const updateHub = (id: string, changes: Partial<HubInput>) => call<typeof UpdateHub>('PUT /api/hubs/{id}', { params: { id }, body: changes });

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
