import type { RecoveryTokensInput } from '@contract/auth/account-link-schemas';

// The links Hub mails (ADR 0012), as the web app reads them from its address.

/** The halves of a recovery link, as /reset-password reads them from the URL. */
export type RecoveryTokens = RecoveryTokensInput;

/**
 * The recovery link's two halves (spec "Reset password"): access_token and refresh_token from
 * the query string, or from the hash when the query has none. Null when either is missing.
 */
export function recoveryTokensFrom(search: string, hash: string): RecoveryTokens | null {
  for (const source of [search.replace(/^\?/, ''), hash.replace(/^#/, '')]) {
    const params = new URLSearchParams(source);
    const access = params.get('access_token');
    const refresh = params.get('refresh_token');
    if (access && refresh) return { access_token: access, refresh_token: refresh };
  }
  return null;
}

/** Whether a hash is a recovery return: access_token, refresh_token and type=recovery (the redirector's test). */
export function isRecoveryHash(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return Boolean(params.get('access_token') && params.get('refresh_token')) && params.get('type') === 'recovery';
}

/** The token of a confirmation link (/email-confirmation#confirmation_token=…), or null. */
export function confirmationTokenFrom(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('confirmation_token');
}
