import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { createLocker as CreateLocker } from '@contract/lockers/locker-endpoints';
import { call } from '@/lib/api-call';
import { createIntentKeys } from '@/lib/intent-keys';
import type { LockerInput } from '../types';
import { invalidateAfterHubWrite } from './invalidate-after-write';

// One key per intent: a retried install after a lost answer does not install two lockers.
const intents = createIntentKeys();

export const createLocker = (input: LockerInput) =>
  intents(input, (idempotencyKey) => call<typeof CreateLocker>('POST /api/lockers', { body: input }, { idempotencyKey }));

export function useCreateLocker() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLocker, onSuccess: () => invalidateAfterHubWrite(queryClient) });
}
