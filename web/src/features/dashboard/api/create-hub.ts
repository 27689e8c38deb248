import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { createHub as CreateHub } from '@contract/hubs/hub-admin-endpoints';
import { call } from '@/lib/api-call';
import { createIntentKeys } from '@/lib/intent-keys';
import { queryKeys } from '@/lib/query-keys';
import type { HubInput } from '../types';
import { invalidateAfterHubWrite } from './invalidate-after-write';

// A create whose answer was lost is sent again with the same key: the server registers it once.
const intents = createIntentKeys();

export const createHub = (input: HubInput) => intents(input, (idempotencyKey) => call<typeof CreateHub>('POST /api/hubs', { body: input }, { idempotencyKey }));

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
