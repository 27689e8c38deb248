// OpenID Connect with openid-client v6: discovery (lazy, cached, retried after a failure),
// authorization URLs with PKCE S256, state and nonce, and the code exchange that checks them.
import * as oidc from 'openid-client';
import { isLoopbackHost } from '../config.js';
import { appleClientSecret } from './apple-client-secret.js';
import type { ProviderSettings, SocialProvider, SocialSettings } from './settings.js';

/** What sign-in needs from the ID token (or the userinfo endpoint when the token lacks it). */
export type VerifiedIdentity = {
  subject: string;
  email: string | null;
  /** True only when the provider vouches for the address (email_verified true or "true"). */
  emailVerified: boolean;
  name: string | null;
};

/** The secrets one attempt keeps on the server until its callback. */
export type AttemptChecks = { state: string; nonce: string; codeVerifier: string };

export type OidcClients = {
  isConfigured(provider: SocialProvider): boolean;
  /** Throws when the provider's discovery document cannot be fetched. */
  authorizationUrl(provider: SocialProvider, callbackUrl: string, checks: AttemptChecks): Promise<URL>;
  /** Exchanges the code; throws unless state, nonce, PKCE and the ID token all check out. */
  exchange(provider: SocialProvider, callbackUrl: URL, checks: AttemptChecks): Promise<VerifiedIdentity>;
  newChecks(): AttemptChecks;
};

const HTTP_TIMEOUT_SECONDS = 10;

// Plain http is only acceptable for a provider on this very machine (tests, local development).
function insecureAllowed(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

const claimText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function identityFrom(claims: Record<string, unknown>, subject: string): VerifiedIdentity {
  const given = [claimText(claims.given_name), claimText(claims.family_name)].filter(Boolean).join(' ');
  return {
    subject,
    email: claimText(claims.email)?.toLowerCase() ?? null,
    // Apple sends the claim as the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: claimText(claims.name) ?? (given || null),
  };
}

export function createOidcClients(settings: SocialSettings): OidcClients {
  const discovered = new Map<SocialProvider, Promise<oidc.Configuration>>();

  function settingsOf(provider: SocialProvider): ProviderSettings {
    const found = settings.providers[provider];
    if (!found) throw new Error(`social provider ${provider} is not configured`);
    return found;
  }

  function configuration(provider: SocialProvider): Promise<oidc.Configuration> {
    let pending = discovered.get(provider);
    if (!pending) {
      const { issuer, clientId, clientSecret } = settingsOf(provider);
      const insecure = insecureAllowed(issuer);
      pending = oidc.discovery(new URL(issuer), clientId, clientSecret, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        timeout: HTTP_TIMEOUT_SECONDS,
      });
      // A failed discovery is forgotten so the next attempt tries again.
      pending.catch(() => discovered.delete(provider));
      discovered.set(provider, pending);
    }
    return pending;
  }

  /** The discovered configuration, or for Apple with a signing key one with a freshly minted secret. */
  async function exchangeConfiguration(provider: SocialProvider): Promise<oidc.Configuration> {
    const config = await configuration(provider);
    const { appleKey, clientId, issuer } = settingsOf(provider);
    if (!appleKey) return config;
    const fresh = new oidc.Configuration(config.serverMetadata(), clientId, undefined, oidc.ClientSecretPost(await appleClientSecret(appleKey, clientId)));
    fresh.timeout = HTTP_TIMEOUT_SECONDS;
    if (insecureAllowed(issuer)) oidc.allowInsecureRequests(fresh);
    return fresh;
  }

  return {
    isConfigured: (provider) => settings.providers[provider] !== undefined,

    newChecks: () => ({ state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() }),

    async authorizationUrl(provider, callbackUrl, checks) {
      const config = await configuration(provider);
      const parameters: Record<string, string> = {
        redirect_uri: callbackUrl,
        scope: settingsOf(provider).scope,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      };
      // Apple returns to the callback with a POST when name or e-mail are asked for.
      if (provider === 'apple') parameters.response_mode = 'form_post';
      return oidc.buildAuthorizationUrl(config, parameters);
    },

    async exchange(provider, callbackUrl, checks) {
      const config = await exchangeConfiguration(provider);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      let identity = identityFrom(claims, claims.sub);
      // Some providers keep the e-mail out of the ID token and serve it from userinfo.
      if (!identity.email && config.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        identity = identityFrom({ ...info, ...claims, email: info.email, email_verified: info.email_verified }, claims.sub);
      }
      return identity;
    },
  };
}
