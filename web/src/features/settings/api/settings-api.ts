import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { getPublicSettings, getSettings, putSettings } from '@contract/settings/settings-endpoints';
import type { SettingsChange } from '../types';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

// The settings calls (issue 27). A `settings:changed` push refetches both reads in every tab.

export type { SettingsChange };

export const useSettings = () =>
  useQuery({ queryKey: queryKeys.settings.admin, queryFn: ({ signal }) => call<typeof getSettings>('GET /api/settings', {}, { signal }) });

export const usePublicSettings = () =>
  useQuery({
    queryKey: queryKeys.settings.public,
    queryFn: ({ signal }) => call<typeof getPublicSettings>('GET /api/settings/public', {}, { signal }),
    // The banner also follows pushes; this only bounds how stale a page without a socket gets.
    refetchInterval: 60_000,
  });

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsChange) => call<typeof putSettings>('PUT /api/settings', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.settings.admin, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.settings.public });
    },
  });
}
