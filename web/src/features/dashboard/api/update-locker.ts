import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LockerChange, LockerInput } from '../types';
import { invalidateAfterHubWrite } from './invalidate-after-write';

// A change to status 'Inativo' moves the locker's future bookings: the answer lists them.
export const updateLocker = (id: string, changes: Partial<LockerInput>) => api.put<LockerChange>(`/lockers/${encodeURIComponent(id)}`, changes);

export function useUpdateLocker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Partial<LockerInput> }) => updateLocker(id, changes),
    onSuccess: () => invalidateAfterHubWrite(queryClient),
  });
}
