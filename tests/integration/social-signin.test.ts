// Social sign-in against a real OpenID provider on this machine (oidc-provider): the whole
// redirect dance over HTTP, then the security refusals. Failures at the callback answer a 303 to
// the web app's /auth/callback?error=<code>&provider=<provider> (a browser is there, not a JSON
// client); the JSON endpoints answer { error: { code, message } }.
import { createHash, randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes } from '../../api/auth/routes.js';
import { socialRoutes } from '../../api/auth/social/social-routes.js';
import { createTokenService } from '../../api/auth/tokens.js';
import { installErrorHandler } from '../../api/http/errors.js';
import { createPool } from '../../infra/db/pool.js';
import type { SocialSettings } from '../../infra/oidc/settings.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { errorShapeProblem } from '../support/error-shape.js';
import { startOidcProvider, type ProviderAccount, type TestOidcProvider } from '../support/oidc-provider.js';
import { simulatedBrowser, type SimulatedBrowser } from '../support/simulated-browser.js';

const APP = 'http://hub.test';
const RETURN = `${APP}/auth/callback`;
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
type Browser = SimulatedBrowser;

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

describe('social sign-in, the happy paths', () => {
  it('asks for a PKCE S256, state and nonce authorization, creates the account, and the same identity comes back to it', async () => {
    const browser = newBrowser();
    const authUrl = await startSignIn(browser);
    expect(authUrl.origin).toBe(idp.issuer);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authUrl.searchParams.get('state')).toBeTruthy();
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authUrl.searchParams.get('redirect_uri')).toBe(`${APP}/api/auth/social/google/callback`);
    expect(browser.cookies.get('hub_social_binding')).toMatch(/^[\w-]{43}$/);

    idp.account = { sub: 'new-person', email: 'nova.pessoa@example.test', email_verified: true, name: 'Nova Pessoa' };
    const landing = await callback(browser, await browser.atProvider(authUrl.toString()));
    const { body, code } = await redeem(browser, landing);
    expect(body.user).toMatchObject({ email: 'nova.pessoa@example.test', name: 'Nova Pessoa', phone: null });
    expect(body.token).toBe(body.data.session.access_token);
    const row = (await pool.query('SELECT password_hash, phone FROM users WHERE id = $1', [body.user.id])).rows[0];
    expect(row).toEqual({ password_hash: null, phone: null });
    const identity = await pool.query('SELECT provider, subject FROM user_identities WHERE user_id = $1', [body.user.id]);
    expect(identity.rows).toEqual([{ provider: 'google', subject: 'new-person' }]);

    // The hand-off code works once.
    const again = await browser.hub('POST', '/api/auth/social/session', { code });
    expect(again.statusCode).toBe(401);
    expect(errorShapeProblem(again, 'POST')).toBeNull();
    expect(again.json().error.code).toBe('invalid_social_code');

    // Second sign-in, same identity (even with a changed e-mail at the provider): same account.
    const second = await fullSignIn({ sub: 'new-person', email: 'outro.email@example.test', email_verified: true, name: 'Nova Pessoa' });
    expect((await redeem(second.browser, second.landing)).body.user.id).toBe(body.user.id);
    expect(await countUsers('nova.pessoa@example.test')).toBe(1);
    expect(await countUsers('outro.email@example.test')).toBe(0);
  });

  it('links an existing password account with the same verified e-mail instead of duplicating it', async () => {
    const browser = newBrowser();
    const registered = await browser.hub('POST', '/api/auth/register', {
      name: 'Ana Senha',
      email: 'ana@example.test',
      phone: '(11) 98765-4321',
      password: 'segredo123',
    });
    expect(registered.statusCode).toBe(201);
    const anaId = registered.json().user.id as string;
    // Ana proved the address (the mailed confirmation link sets this).
    await pool.query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [anaId]);

    const { browser: social, landing } = await fullSignIn({ sub: 'ana-google', email: 'ANA@example.test', email_verified: true, name: 'Ana Google' });
    const { body } = await redeem(social, landing);
    expect(body.user.id).toBe(anaId);
    expect(body.user.phone).toBe('11987654321');
    expect(await countUsers('ana@example.test')).toBe(1);
    // The password still works.
    const login = await browser.hub('POST', '/api/auth/login', { email: 'ana@example.test', password: 'segredo123' });
    expect(login.statusCode).toBe(200);
  });

  it('linking to an account whose e-mail was never proved ends its password and sessions (pre-hijacking)', async () => {
    // Someone registers the address first, with a password of their own, and keeps a session.
    const squatter = newBrowser();
    const registered = await squatter.hub('POST', '/api/auth/register', {
      name: 'Intruso',
      email: 'caio@example.test',
      phone: '(11) 91234-5678',
      password: 'segredo123',
    });
    expect(registered.statusCode).toBe(201);
    const refresh = registered.json().data.session.refresh_token as string;

    const { browser: owner, landing } = await fullSignIn({ sub: 'caio-google', email: 'caio@example.test', email_verified: true, name: 'Caio Google' });
    const { body } = await redeem(owner, landing);
    expect(body.user.id).toBe(registered.json().user.id);
    const row = (await pool.query('SELECT password_hash, email_confirmed_at FROM users WHERE id = $1', [body.user.id])).rows[0];
    expect(row.password_hash).toBeNull();
    expect(row.email_confirmed_at).not.toBeNull();
    expect((await squatter.hub('POST', '/api/auth/login', { email: 'caio@example.test', password: 'segredo123' })).statusCode).toBe(401);
    expect((await squatter.hub('POST', '/api/auth/refresh', { refresh_token: refresh })).statusCode).toBe(401);
    // The owner's own session, made after, is good.
    expect((await owner.hub('POST', '/api/auth/refresh', { refresh_token: body.data.session.refresh_token })).statusCode).toBe(200);
  });

  it('Apple: the provider posts the code back (form_post); the name comes from its `user` field', async () => {
    idp.account = { sub: 'apple-001', email: 'maria.apple@example.test', email_verified: true };
    const browser = newBrowser();
    const authUrl = await startSignIn(browser, 'apple');
    expect(authUrl.searchParams.get('response_mode')).toBe('form_post');
    const { form } = await browser.walkProvider(authUrl.toString());
    expect(form?.action).toBe(`${APP}/api/auth/social/apple/callback`);
    const fields = new URLSearchParams({ ...form!.fields, user: JSON.stringify({ name: { firstName: 'Maria', lastName: 'Apple' } }) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/social/apple/callback',
      payload: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `hub_social_binding=${browser.cookies.get('hub_social_binding')}` },
    });
    expect(res.statusCode).toBe(303);
    const { body } = await redeem(browser, new URL(String(res.headers.location)));
    expect(body.user).toMatchObject({ email: 'maria.apple@example.test', name: 'Maria Apple', phone: null });
    expect((await pool.query('SELECT provider FROM user_identities WHERE user_id = $1', [body.user.id])).rows).toEqual([{ provider: 'apple' }]);
  });
});

describe('social sign-in, what is refused', () => {
  it('a wrong state: nothing signed in, back to the web app with error=invalid_state', async () => {
    const browser = newBrowser();
    const authUrl = await startSignIn(browser);
    idp.account = { sub: 'state-victim', email: 'state@example.test', email_verified: true };
    const back = new URL(await browser.atProvider(authUrl.toString()));
    back.searchParams.set('state', 'not-the-state-we-sent');
    const landing = await callback(browser, back.toString());
    expect(landing.origin + landing.pathname).toBe(RETURN);
    expect(landing.searchParams.get('error')).toBe('invalid_state');
    expect(landing.searchParams.get('provider')).toBe('google');
    expect(landing.hash).toBe('');
    expect(await countUsers('state@example.test')).toBe(0);
  });

  it('a wrong nonce in the ID token: refused with error=exchange_failed', async () => {
    const browser = newBrowser();
    const authUrl = await startSignIn(browser);
    idp.account = { sub: 'nonce-victim', email: 'nonce@example.test', email_verified: true };
    const back = await browser.atProvider(authUrl.toString());
    // The provider put the nonce we asked for in the token; the attempt now expects another.
    const stateHash = createHash('sha256').update(authUrl.searchParams.get('state')!).digest('hex');
    const changed = await pool.query(`UPDATE social_login_attempts SET nonce = 'another-nonce' WHERE state_hash = $1`, [stateHash]);
    expect(changed.rowCount).toBe(1);
    const landing = await callback(browser, back);
    expect(landing.searchParams.get('error')).toBe('exchange_failed');
    expect(await countUsers('nonce@example.test')).toBe(0);
  });

  it('a replayed callback (the same code and state again) is refused', async () => {
    idp.account = { sub: 'replay-person', email: 'replay@example.test', email_verified: true };
    const browser = newBrowser();
    const back = await browser.atProvider((await startSignIn(browser)).toString());
    const first = await callback(browser, back);
    expect(first.hash).toMatch(/^#code=/);
    const replay = await callback(browser, back);
    expect(replay.searchParams.get('error')).toBe('invalid_state');
    expect(replay.hash).toBe('');
    expect(Number((await pool.query('SELECT count(*) FROM social_login_handoffs')).rows[0].count)).toBeGreaterThanOrEqual(1);
  });

  it('an attempt older than 10 minutes and a hand-off code older than 60 seconds are refused', async () => {
    idp.account = { sub: 'slow-person', email: 'slow@example.test', email_verified: true };
    const browser = newBrowser();
    const authUrl = await startSignIn(browser);
    const back = await browser.atProvider(authUrl.toString());
    const stateHash = createHash('sha256').update(authUrl.searchParams.get('state')!).digest('hex');
    await pool.query(`UPDATE social_login_attempts SET expires_at = now() - interval '1 second' WHERE state_hash = $1`, [stateHash]);
    expect((await callback(browser, back)).searchParams.get('error')).toBe('invalid_state');
    expect(await countUsers('slow@example.test')).toBe(0);

    const { browser: other, landing } = await fullSignIn({ sub: 'slow-person', email: 'slow@example.test', email_verified: true });
    const code = new URLSearchParams(landing.hash.slice(1)).get('code')!;
    await pool.query(`UPDATE social_login_handoffs SET expires_at = now() - interval '1 second' WHERE code_hash = $1`, [
      createHash('sha256').update(code).digest('hex'),
    ]);
    const late = await other.hub('POST', '/api/auth/social/session', { code });
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toEqual({ code: 'invalid_social_code', message: 'Link de login inválido ou expirado. Tente novamente.' });
  });

  it('a callback link finished in another browser (login CSRF) is refused', async () => {
    idp.account = { sub: 'attacker', email: 'attacker@example.test', email_verified: true };
    const attacker = newBrowser();
    const back = await attacker.atProvider((await startSignIn(attacker)).toString());
    const victim = newBrowser();
    victim.cookies.set('hub_social_binding', randomBytes(32).toString('base64url'));
    const landing = await callback(victim, back);
    expect(landing.searchParams.get('error')).toBe('invalid_state');
    expect(await countUsers('attacker@example.test')).toBe(0);
  });

  it('an unverified e-mail neither links to an existing account nor creates one', async () => {
    const browser = newBrowser();
    const registered = await browser.hub('POST', '/api/auth/register', {
      name: 'Bia',
      email: 'bia@example.test',
      phone: '11987654321',
      password: 'segredo123',
    });
    expect(registered.statusCode).toBe(201);
    const { landing } = await fullSignIn({ sub: 'bia-impostor', email: 'bia@example.test', email_verified: false, name: 'Impostor' });
    expect(landing.searchParams.get('error')).toBe('social_email_unverified');
    expect((await pool.query(`SELECT count(*) FROM user_identities WHERE subject = 'bia-impostor'`)).rows[0].count).toBe('0');
    expect(await countUsers('bia@example.test')).toBe(1);

    const fresh = await fullSignIn({ sub: 'unverified-new', email: 'nao.verificado@example.test', email_verified: false });
    expect(fresh.landing.searchParams.get('error')).toBe('social_email_unverified');
    expect(await countUsers('nao.verificado@example.test')).toBe(0);
  });

  it('redirectUrl to another origin, or no redirectUrl: JSON 400 in pt-BR; a CORS origin is allowed', async () => {
    const browser = newBrowser();
    for (const target of [
      'https://evil.example/auth/callback',
      'http://hub.test.evil.example/',
      '//evil.example/x',
      'javascript:alert(1)',
      'http://user@hub.test/x',
    ]) {
      const res = await browser.hub('GET', `/api/auth/social/google?redirectUrl=${encodeURIComponent(target)}`);
      expect(res.statusCode, target).toBe(400);
      expect(errorShapeProblem(res, 'GET')).toBeNull();
      expect(res.json().error).toEqual({ code: 'redirect_url_not_allowed', message: 'Endereço de retorno não permitido.' });
    }
    const missing = await browser.hub('GET', '/api/auth/social/google');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('redirect_url_required');
    const cors = await browser.hub('GET', `/api/auth/social/google?redirectUrl=${encodeURIComponent('https://outra-origem-permitida.test/auth/callback')}`);
    expect(cors.statusCode).toBe(200);
  });

  it('issue 24 item 6: a forged Host or X-Forwarded-Host changes neither the callback nor the allowed return origin', async () => {
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', cookie: '' };
    const toEvil = await app.inject({
      method: 'GET',
      url: `/api/auth/social/google?redirectUrl=${encodeURIComponent('http://evil.example/auth/callback')}`,
      remoteAddress: nextIp(),
      headers: forged,
    });
    expect(toEvil.statusCode).toBe(400);
    expect(toEvil.json().error.code).toBe('redirect_url_not_allowed');
    const res = await app.inject({
      method: 'GET',
      url: `/api/auth/social/google?redirectUrl=${encodeURIComponent(RETURN)}`,
      remoteAddress: nextIp(),
      headers: forged,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(new URL(res.json().data.url).searchParams.get('redirect_uri')).toBe(`${APP}/api/auth/social/google/callback`);
    // A callback without a known attempt goes back to the app's own origin, not the Host's.
    const lost = await app.inject({
      method: 'GET',
      url: '/api/auth/social/google/callback?state=desconhecido&code=x',
      remoteAddress: nextIp(),
      headers: forged,
    });
    expect(lost.statusCode).toBe(303);
    expect(new URL(String(lost.headers.location)).origin).toBe(APP);
  });

  it('an unconfigured provider, an unknown one and an unreachable one: clear JSON errors', async () => {
    const browser = newBrowser();
    const facebook = await browser.hub('GET', `/api/auth/social/facebook?redirectUrl=${encodeURIComponent(RETURN)}`);
    expect(facebook.statusCode).toBe(404);
    expect(facebook.json().error).toEqual({ code: 'social_provider_not_configured', message: 'Login com Facebook não está disponível.' });
    const unknown = await browser.hub('GET', `/api/auth/social/myspace?redirectUrl=${encodeURIComponent(RETURN)}`);
    expect(unknown.statusCode).toBe(404);
    expect(errorShapeProblem(unknown, 'GET')).toBeNull();

    // A provider whose issuer does not answer: discovery fails at the click, not at start-up.
    const down = await buildSocialApp({
      appUrl: APP,
      extraOrigins: [],
      providers: { apple: { issuer: 'http://127.0.0.1:9/', clientId: 'x', clientSecret: 'y', scope: 'openid email name' } },
    });
    try {
      const res = await down.inject({ method: 'GET', url: `/api/auth/social/apple?redirectUrl=${encodeURIComponent(RETURN)}` });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({ code: 'social_provider_unavailable', message: 'Não foi possível conectar ao Apple. Tente novamente.' });
    } finally {
      await down.close();
    }
  });
});
