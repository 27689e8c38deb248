// Which social sign-in providers this process offers, from the environment. A provider is on
// when its client id is set (and, except Apple with a signing key, its client secret).

import { appUrlFromEnv, originOf } from '../app-url.js';

export { originOf };

import { SOCIAL_PROVIDERS, type SocialProvider } from '../../domain/accounts/social-providers.js';

export { SOCIAL_PROVIDERS, type SocialProvider };

/** Apple's client secret is a short-lived ES256 JWT signed with a key from the developer account. */
export type AppleSigningKey = { teamId: string; keyId: string; privateKeyPem: string };

export type ProviderSettings = {
  issuer: string;
  clientId: string;
  /** A fixed secret; for Apple, a pre-made client-secret JWT when no signing key is given. */
  clientSecret?: string;
  appleKey?: AppleSigningKey;
  scope: string;
};

export type SocialSettings = {
  providers: Partial<Record<SocialProvider, ProviderSettings>>;
  /**
   * The web app's public origin (APP_URL, else the address the process listens on; never a
   * request header): provider callbacks are built on it and redirectUrl must point at it (or at a
   * CORS origin).
   */
  appUrl: string;
  /** Other origins the web app may be served from (CORS_ORIGINS). */
  extraOrigins: readonly string[];
};

const DEFAULT_ISSUERS: Record<SocialProvider, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  apple: 'https://appleid.apple.com',
};

const SCOPES: Record<SocialProvider, string> = {
  google: 'openid email profile',
  facebook: 'openid email public_profile',
  apple: 'openid email name',
};

export const providerLabel = (provider: SocialProvider) => ({ google: 'Google', facebook: 'Facebook', apple: 'Apple' })[provider];

function providerFromEnv(provider: SocialProvider, env: NodeJS.ProcessEnv): ProviderSettings | undefined {
  const prefix = `SOCIAL_${provider.toUpperCase()}_`;
  const read = (name: string) => env[prefix + name]?.trim() || undefined;
  const clientId = read('CLIENT_ID');
  if (!clientId) return undefined;
  const clientSecret = read('CLIENT_SECRET');
  const teamId = read('TEAM_ID');
  const keyId = read('KEY_ID');
  // PEM keys in one-line environment values usually carry literal \n.
  const privateKeyPem = read('PRIVATE_KEY')?.replace(/\\n/g, '\n');
  const appleKey = provider === 'apple' && teamId && keyId && privateKeyPem ? { teamId, keyId, privateKeyPem } : undefined;
  if (!clientSecret && !appleKey) return undefined;
  return { issuer: read('ISSUER') ?? DEFAULT_ISSUERS[provider], clientId, clientSecret, appleKey, scope: SCOPES[provider] };
}

export function socialSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): SocialSettings {
  const providers: SocialSettings['providers'] = {};
  for (const provider of SOCIAL_PROVIDERS) {
    const settings = providerFromEnv(provider, env);
    if (settings) providers[provider] = settings;
  }
  const extraOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => originOf(origin))
    .filter((origin): origin is string => origin !== undefined);
  return { providers, appUrl: appUrlFromEnv(env).origin, extraOrigins };
}
