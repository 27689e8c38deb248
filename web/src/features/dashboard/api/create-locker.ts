import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { createIntentKeys } from '@/lib/intent-keys';
import type { Locker, LockerInput } from '../types';
import { invalidateAfterHubWrite } from './invalidate-after-write';

// One key per intent: a retried install after a lost answer does not install two lockers.
const intents = createIntentKeys();

export const createLocker = (input: LockerInput) => intents(input, (idempotencyKey) => api.post<Locker>('/lockers', input, { idempotencyKey }));

export function useCreateLocker() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLocker, onSuccess: () => invalidateAfterHubWrite(queryClient) });
}
