import { queryOptions, useQuery } from '@tanstack/react-query';
import type { socialProviders } from '@contract/auth/social-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';
import { isSocialProvider, type SocialProvider } from '../social-sign-in';

/** GET /api/auth/social/providers: the providers this server has credentials for. */
export const getSocialProviders = (signal?: AbortSignal) => call<typeof socialProviders>('GET /api/auth/social/providers', {}, { signal });

export const socialProvidersQueryOptions = queryOptions({
  queryKey: queryKeys.auth.socialProviders,
  queryFn: ({ signal }) => getSocialProviders(signal),
  // The list changes only when the server restarts with other SOCIAL_* settings: asked once per visit.
  staleTime: Infinity,
  gcTime: Infinity,
  select: (body): SocialProvider[] => body.providers.filter(isSocialProvider),
});

/** The configured providers; empty while loading or when the list cannot be had (nothing is offered then). */
export function useSocialProviders(): SocialProvider[] {
  return useQuery(socialProvidersQueryOptions).data ?? [];
}
