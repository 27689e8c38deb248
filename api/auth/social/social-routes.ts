// Social sign-in (spec §7: GET /auth/social/{provider}?redirectUrl= → { data: { url } }).
// 0. GET /api/auth/social/providers — which providers this server has credentials for, so the web
//    app offers only those buttons.
// 1. GET /api/auth/social/:provider — checks redirectUrl, stores the attempt, answers the
//    provider's authorization URL (PKCE S256, state, nonce).
// 2. GET|POST /api/auth/social/:provider/callback — the provider sends the browser back; the
//    attempt is taken (once), the code exchanged and checked, the account found, linked or made,
//    and the browser sent to redirectUrl#code=<one-time code>; any failure goes to
//    redirectUrl?error=<code>&provider=<provider> instead (a browser is there, not a JSON client).
// 3. POST /api/auth/social/session { code } — the web app trades the one-time code for a session.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import {
  ProviderParams,
  socialCallback,
  socialCallbackPost,
  socialProviders,
  socialSession,
  startSocialSignIn,
  unsupportedProvider,
} from '../../../contract/auth/social-endpoints.js';
import { route } from '../../contract/route.js';
import { createOidcClients, type OidcClients } from '../../../infra/oidc/client.js';
import { providerLabel, SOCIAL_PROVIDERS, type SocialProvider, type SocialSettings } from '../../../infra/oidc/settings.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { TokenService } from '../tokens.js';
import { findUserById } from '../users.js';
import { saveAttempt, takeAttempt } from './attempts.js';
import { ensureBinding, readBinding, sha256 } from './browser-binding.js';
import { issueHandoff, redeemHandoff } from './handoffs.js';
import { SocialSignInRefused, userForIdentity } from './identities.js';
import { allowedRedirectUrl } from './redirect-url.js';
import { sessionBody } from '../session-body.js';

export type SocialRoutesOptions = {
  db: pg.Pool;
  tokens: TokenService;
  settings: SocialSettings;
  /** The OpenID client; tests may hand one in. Default: openid-client over settings. */
  clients?: OidcClients;
};

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

function parseProvider(request: FastifyRequest): SocialProvider {
  // An unknown provider is a page that does not exist, not a malformed request.
  const parsed = ProviderParams.safeParse(request.params);
  if (!parsed.success) throw notFound(unsupportedProvider.message);
  return parsed.data.provider;
}

/** Apple's `user` form field: {"name":{"firstName":"Ana","lastName":"Souza"}}. */
function appleName(raw: string | undefined): string | null {
  try {
    const name = (JSON.parse(raw ?? '') as { name?: { firstName?: unknown; lastName?: unknown } }).name;
    const full = [name?.firstName, name?.lastName].filter((part) => typeof part === 'string' && part.trim()).join(' ');
    return full || null;
  } catch {
    return null;
  }
}

export const socialRoutes: FastifyPluginAsync<SocialRoutesOptions> = async (app, options) => {
  const { db, tokens, settings } = options;
  const clients = options.clients ?? createOidcClients(settings);

  // Apple's form_post callback; this plugin's scope only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // Fixed for the life of the process (the SOCIAL_* variables); a static path, so it wins over :provider.
  const configured = SOCIAL_PROVIDERS.filter((provider) => clients.isConfigured(provider));
  route(app, socialProviders, () => ({ providers: configured }));

  route(
    app,
    startSocialSignIn,
    async (request, reply) => {
      const provider = parseProvider(request);
      const redirectUrl = allowedRedirectUrl((request.query as { redirectUrl?: unknown } | null)?.redirectUrl, settings);
      if (!clients.isConfigured(provider)) {
        throw new ApiError(404, 'social_provider_not_configured', `Login com ${providerLabel(provider)} não está disponível.`);
      }
      const checks = clients.newChecks();
      // Built on the configured origin, never the request's Host: the provider checks it against the registered one.
      const callbackUrl = `${settings.appUrl}/api/auth/social/${provider}/callback`;
      let url: URL;
      try {
        url = await clients.authorizationUrl(provider, callbackUrl, checks);
      } catch (error) {
        request.log.warn({ err: error, provider }, 'social sign-in: provider discovery failed');
        throw new ApiError(503, 'social_provider_unavailable', `Não foi possível conectar ao ${providerLabel(provider)}. Tente novamente.`);
      }
      const browserHash = sha256(ensureBinding(request, reply));
      await saveAttempt(db, { ...checks, provider, browserHash, callbackUrl, redirectUrl });
      return { data: { url: url.toString() } };
    },
    { config: perMinute(20) },
  );

  async function callback(request: FastifyRequest, reply: FastifyReply) {
    const provider = parseProvider(request);
    // Whatever comes back, the browser is redirected: a malformed answer reads as no answer.
    const schema = request.method === 'POST' ? socialCallbackPost.body : socialCallback.query;
    const input = schema.safeParse(request.method === 'POST' ? request.body : request.query);
    const params = input.success ? input.data : {};
    const attempt = params.state ? await takeAttempt(db, params.state) : null;
    const fail = (code: string, target = attempt?.redirectUrl ?? `${settings.appUrl}/auth/callback`) => {
      const url = new URL(target);
      url.searchParams.set('error', code);
      url.searchParams.set('provider', provider);
      return reply.redirect(url.toString(), 303);
    };
    // Unknown, used, expired or another provider's state: nothing to finish.
    if (!attempt || attempt.provider !== provider) return fail('invalid_state', `${settings.appUrl}/auth/callback`);
    const binding = readBinding(request);
    if (!binding || sha256(binding) !== attempt.browserHash) return fail('invalid_state');
    if (params.error) return fail(params.error === 'access_denied' ? 'access_denied' : 'provider_error');
    if (!params.code) return fail('invalid_response');

    const currentUrl = new URL(attempt.callbackUrl);
    for (const key of ['code', 'state', 'iss'] as const) if (params[key]) currentUrl.searchParams.set(key, params[key]);
    let identity;
    try {
      identity = await clients.exchange(provider, currentUrl, attempt);
    } catch (error) {
      // Wrong nonce, bad signature, replayed or expired code, provider down: no sign-in.
      request.log.warn({ err: error, provider }, 'social sign-in: code exchange refused');
      return fail('exchange_failed');
    }
    if (!identity.name) identity = { ...identity, name: appleName(params.user) };
    try {
      const user = await userForIdentity(db, provider, identity);
      const code = await issueHandoff(db, user.id);
      const url = new URL(attempt.redirectUrl);
      url.hash = `code=${code}`;
      return reply.redirect(url.toString(), 303);
    } catch (error) {
      if (error instanceof ApiError) return fail(error instanceof SocialSignInRefused ? error.code : 'account_conflict');
      throw error;
    }
  }
  route(app, socialCallback, callback, { config: perMinute(30) });
  route(app, socialCallbackPost, callback, { config: perMinute(30) });

  route(
    app,
    socialSession,
    async (_request, _reply, input) => {
      const { code } = input.body();
      const userId = await redeemHandoff(db, code);
      const user = userId ? await findUserById(db, userId) : null;
      if (!user) throw new ApiError(401, 'invalid_social_code', 'Link de login inválido ou expirado. Tente novamente.');
      return sessionBody(db, tokens, user);
    },
    { config: perMinute(20) },
  );
};
