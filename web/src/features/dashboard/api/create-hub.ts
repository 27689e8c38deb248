import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { createIntentKeys } from '@/lib/intent-keys';
import { queryKeys } from '@/lib/query-keys';
import type { AdminHub, HubInput } from '../types';
import { invalidateAfterHubWrite } from './invalidate-after-write';

// A create whose answer was lost is sent again with the same key: the server registers it once.
const intents = createIntentKeys();

export const createHub = (input: HubInput) => intents(input, (idempotencyKey) => api.post<AdminHub>('/hubs', input, { idempotencyKey }));

export function useCreateHub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHub,
    onSuccess: (hub) => {
      queryClient.setQueryData(queryKeys.hubs.detail(hub.id), hub);
      void invalidateAfterHubWrite(queryClient);
    },
  });
}
