// Social sign-in's security refusals, against a real OpenID provider on this machine: a wrong
// state or nonce, replays, old attempts, login CSRF, unverified e-mails, foreign redirect
// origins, forged hosts and unconfigured providers.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorShapeProblem } from '../support/error-shape.js';
import { APP, RETURN, useSocialSignin } from '../support/social-signin.js';

const s = useSocialSignin();
const { nextIp, buildSocialApp, newBrowser, startSignIn, callback, fullSignIn, countUsers } = s;

describe('social sign-in, what is refused', () => {
  it('a wrong state: nothing signed in, back to the web app with error=invalid_state', async () => {
    const browser = newBrowser();
    const authUrl = await startSignIn(browser);
    s.idp.account = { sub: 'state-victim', email: 'state@example.test', email_verified: true };
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
    s.idp.account = { sub: 'nonce-victim', email: 'nonce@example.test', email_verified: true };
    const back = await browser.atProvider(authUrl.toString());
    // The provider put the nonce we asked for in the token; the attempt now expects another.
    const stateHash = createHash('sha256').update(authUrl.searchParams.get('state')!).digest('hex');
    const changed = await s.pool.query(`UPDATE social_login_attempts SET nonce = 'another-nonce' WHERE state_hash = $1`, [stateHash]);
    expect(changed.rowCount).toBe(1);
    const landing = await callback(browser, back);
    expect(landing.searchParams.get('error')).toBe('exchange_failed');
    expect(await countUsers('nonce@example.test')).toBe(0);
  });

  it('a replayed callback (the same code and state again) is refused', async () => {
    s.idp.account = { sub: 'replay-person', email: 'replay@example.test', email_verified: true };
    const browser = newBrowser();
    const back = await browser.atProvider((await startSignIn(browser)).toString());
    const first = await callback(browser, back);
    expect(first.hash).toMatch(/^#code=/);
    const replay = await callback(browser, back);
    expect(replay.searchParams.get('error')).toBe('invalid_state');
    expect(replay.hash).toBe('');
    expect(Number((await s.pool.query('SELECT count(*) FROM social_login_handoffs')).rows[0].count)).toBeGreaterThanOrEqual(1);
  });

  it('an attempt older than 10 minutes and a hand-off code older than 60 seconds are refused', async () => {
    s.idp.account = { sub: 'slow-person', email: 'slow@example.test', email_verified: true };
    const browser = newBrowser();
    const authUrl = await startSignIn(browser);
    const back = await browser.atProvider(authUrl.toString());
    const stateHash = createHash('sha256').update(authUrl.searchParams.get('state')!).digest('hex');
    await s.pool.query(`UPDATE social_login_attempts SET expires_at = now() - interval '1 second' WHERE state_hash = $1`, [stateHash]);
    expect((await callback(browser, back)).searchParams.get('error')).toBe('invalid_state');
    expect(await countUsers('slow@example.test')).toBe(0);

    const { browser: other, landing } = await fullSignIn({ sub: 'slow-person', email: 'slow@example.test', email_verified: true });
    const code = new URLSearchParams(landing.hash.slice(1)).get('code')!;
    await s.pool.query(`UPDATE social_login_handoffs SET expires_at = now() - interval '1 second' WHERE code_hash = $1`, [
      createHash('sha256').update(code).digest('hex'),
    ]);
    const late = await other.hub('POST', '/api/auth/social/session', { code });
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toEqual({ code: 'invalid_social_code', message: 'Link de login inválido ou expirado. Tente novamente.' });
  });

  it('a callback link finished in another browser (login CSRF) is refused', async () => {
    s.idp.account = { sub: 'attacker', email: 'attacker@example.test', email_verified: true };
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
    expect((await s.pool.query(`SELECT count(*) FROM user_identities WHERE subject = 'bia-impostor'`)).rows[0].count).toBe('0');
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
    const toEvil = await s.app.inject({
      method: 'GET',
      url: `/api/auth/social/google?redirectUrl=${encodeURIComponent('http://evil.example/auth/callback')}`,
      remoteAddress: nextIp(),
      headers: forged,
    });
    expect(toEvil.statusCode).toBe(400);
    expect(toEvil.json().error.code).toBe('redirect_url_not_allowed');
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/auth/social/google?redirectUrl=${encodeURIComponent(RETURN)}`,
      remoteAddress: nextIp(),
      headers: forged,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(new URL(res.json().data.url).searchParams.get('redirect_uri')).toBe(`${APP}/api/auth/social/google/callback`);
    // A callback without a known attempt goes back to the app's own origin, not the Host's.
    const lost = await s.app.inject({
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
