// Social sign-in against a real OpenID provider on this machine (oidc-provider): a Hub API with
// the auth and social routes, Google and Apple pointed at the provider, and the steps of the
// redirect dance as a browser takes them. One per test file, started before its tests.
import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { authRoutes } from '../../api/auth/routes.js';
import { socialRoutes } from '../../api/auth/social/social-routes.js';
import { createTokenService } from '../../api/auth/tokens.js';
import { installErrorHandler } from '../../api/http/errors.js';
import { createPool } from '../../infra/db/pool.js';
import type { SocialSettings } from '../../infra/oidc/settings.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { startOidcProvider, type ProviderAccount, type TestOidcProvider } from './oidc-provider.js';
import { simulatedBrowser, type SimulatedBrowser } from './simulated-browser.js';

export const APP = 'http://hub.test';
export const RETURN = `${APP}/auth/callback`;
type Browser = SimulatedBrowser;

export function useSocialSignin() {
  let database: TestDatabase;
  let pool: pg.Pool;
  let app: FastifyInstance;
  let idp: TestOidcProvider;
  let ipCounter = 0;
  const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  async function buildSocialApp(settings: SocialSettings): Promise<FastifyInstance> {
    const built = Fastify();
    installErrorHandler(built);
    await built.register(rateLimit, { global: false });
    const tokens = createTokenService(randomBytes(32));
    await built.register(authRoutes, { db: pool, tokens });
    await built.register(socialRoutes, { db: pool, tokens, settings });
    return built;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, { max: 5 });
    idp = await startOidcProvider({ redirectUris: [`${APP}/api/auth/social/google/callback`, `${APP}/api/auth/social/apple/callback`] });
    app = await buildSocialApp({
      appUrl: APP,
      extraOrigins: ['https://outra-origem-permitida.test'],
      providers: {
        google: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, scope: 'openid email profile' },
        // Apple's way back: a form POST to the callback (response_mode=form_post), the name in `user`.
        apple: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, scope: 'openid email' },
      },
    });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await idp?.close();
    await pool?.end();
    await database?.drop();
  });

  const newBrowser = () => simulatedBrowser(app, APP, nextIp());

  async function startSignIn(browser: Browser, provider = 'google', redirectUrl = RETURN) {
    const res = await browser.hub('GET', `/api/auth/social/${provider}?redirectUrl=${encodeURIComponent(redirectUrl)}`);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json<{ data: { url: string } }>().data.url);
    return url;
  }

  /** Back at the Hub's callback: where it sends the browser. */
  async function callback(browser: Browser, callbackUrl: string) {
    const res = await browser.hub('GET', callbackUrl.slice(APP.length));
    expect(res.statusCode).toBe(303);
    return new URL(String(res.headers.location));
  }

  async function fullSignIn(account: ProviderAccount) {
    idp.account = account;
    const browser = newBrowser();
    const authUrl = await startSignIn(browser);
    const landing = await callback(browser, await browser.atProvider(authUrl.toString()));
    return { browser, landing };
  }

  async function redeem(browser: Browser, landing: URL) {
    expect(landing.searchParams.get('error')).toBeNull();
    expect(landing.origin + landing.pathname).toBe(RETURN);
    const code = new URLSearchParams(landing.hash.slice(1)).get('code');
    expect(code).toMatch(/^[\w-]{40,}$/);
    const res = await browser.hub('POST', '/api/auth/social/session', { code });
    expect(res.statusCode, res.body).toBe(200);
    return {
      code: code!,
      body: res.json<{
        token: string;
        data: { session: { access_token: string; refresh_token: string } };
        user: { id: string; email: string; phone: string | null; name: string };
      }>(),
    };
  }

  const countUsers = async (email: string) => Number((await pool.query('SELECT count(*) FROM users WHERE lower(email) = $1', [email])).rows[0].count);
  return {
    get app() {
      return app;
    },
    get pool() {
      return pool;
    },
    get idp() {
      return idp;
    },
    nextIp,
    buildSocialApp,
    newBrowser,
    startSignIn,
    callback,
    fullSignIn,
    redeem,
    countUsers,
  };
}
