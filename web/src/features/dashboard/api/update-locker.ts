import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { updateLocker as UpdateLocker } from '@contract/lockers/locker-endpoints';
import { call } from '@/lib/api-call';
import type { LockerInput } from '../types';
import { invalidateAfterHubWrite } from './invalidate-after-write';

// A change to status 'Inativo' moves the locker's future bookings: the answer lists them.
export const updateLocker = (id: string, changes: Partial<LockerInput>) =>
  call<typeof UpdateLocker>('PUT /api/lockers/{id}', { params: { id }, body: changes });

export function useUpdateLocker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Partial<LockerInput> }) => updateLocker(id, changes),
    onSuccess: () => invalidateAfterHubWrite(queryClient),
  });
}
