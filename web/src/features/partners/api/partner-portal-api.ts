import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { getPortalMe, issuePortalToken } from '@contract/partner-portal/partner-portal-endpoints';
import { call } from '@/lib/api-call';

// The partner's own page ('Integração', /dashboard/integration): its state and its two tokens.
const portalKey = ['partner-portal', 'me'] as const;

export const usePortalMe = () =>
  useQuery({
    queryKey: portalKey,
    queryFn: ({ signal }) => call<typeof getPortalMe>('GET /api/partner-portal/me', {}, { signal }),
    retry: (count, error) => !(error instanceof Error && 'status' in error && (error as { status: number }).status === 403) && count < 2,
  });

export const useIssuePortalToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: 'live' | 'sandbox') => call<typeof issuePortalToken>('POST /api/partner-portal/tokens', { body: { kind } }),
    // The answer carries the page's new state: no second request.
    onSuccess: (answer) => queryClient.setQueryData(portalKey, answer.me),
  });
};
