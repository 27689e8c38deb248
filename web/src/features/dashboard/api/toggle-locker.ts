import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { toggleLockerStatus as ToggleLockerStatus } from '@contract/lockers/locker-endpoints';
import { call } from '@/lib/api-call';
import { createIntentKeys } from '@/lib/intent-keys';
import { invalidateAfterHubWrite } from './invalidate-after-write';

// A toggle is not idempotent by nature (twice is back where it started), so a retry of an
// unanswered toggle reuses its Idempotency-Key: the server flips the locker once.
const intents = createIntentKeys();

/** POST /api/lockers/{id}/toggle-status: Ativo ⇄ Inativo; a deactivation lists the moved bookings. */
export const toggleLocker = (id: string) =>
  intents({ toggle: id }, (idempotencyKey) => call<typeof ToggleLockerStatus>('POST /api/lockers/{id}/toggle-status', { params: { id } }, { idempotencyKey }));

export function useToggleLocker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => toggleLocker(id),
    onSuccess: () => invalidateAfterHubWrite(queryClient),
  });
}
