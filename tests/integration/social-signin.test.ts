// Social sign-in against a real OpenID provider on this machine (oidc-provider): the whole
// redirect dance over HTTP (the refusals are in social-signin-refusals.test.ts). Failures at the
// callback answer a 303 to the web app's /auth/callback?error=<code>&provider=<provider> (a
// browser is there, not a JSON client); the JSON endpoints answer { error: { code, message } }.
import { describe, expect, it } from 'vitest';
import { errorShapeProblem } from '../support/error-shape.js';
import { APP, useSocialSignin } from '../support/social-signin.js';

const s = useSocialSignin();
const { newBrowser, startSignIn, callback, fullSignIn, redeem, countUsers } = s;

describe('social sign-in, the happy paths', () => {
  it('asks for a PKCE S256, state and nonce authorization, creates the account, and the same identity comes back to it', async () => {
    const browser = newBrowser();
    const authUrl = await startSignIn(browser);
    expect(authUrl.origin).toBe(s.idp.issuer);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authUrl.searchParams.get('state')).toBeTruthy();
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authUrl.searchParams.get('redirect_uri')).toBe(`${APP}/api/auth/social/google/callback`);
    expect(browser.cookies.get('hub_social_binding')).toMatch(/^[\w-]{43}$/);

    s.idp.account = { sub: 'new-person', email: 'nova.pessoa@example.test', email_verified: true, name: 'Nova Pessoa' };
    const landing = await callback(browser, await browser.atProvider(authUrl.toString()));
    const { body, code } = await redeem(browser, landing);
    expect(body.user).toMatchObject({ email: 'nova.pessoa@example.test', name: 'Nova Pessoa', phone: null });
    expect(body.token).toBe(body.data.session.access_token);
    const row = (await s.pool.query('SELECT password_hash, phone FROM users WHERE id = $1', [body.user.id])).rows[0];
    expect(row).toEqual({ password_hash: null, phone: null });
    const identity = await s.pool.query('SELECT provider, subject FROM user_identities WHERE user_id = $1', [body.user.id]);
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
    await s.pool.query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [anaId]);

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
    const row = (await s.pool.query('SELECT password_hash, email_confirmed_at FROM users WHERE id = $1', [body.user.id])).rows[0];
    expect(row.password_hash).toBeNull();
    expect(row.email_confirmed_at).not.toBeNull();
    expect((await squatter.hub('POST', '/api/auth/login', { email: 'caio@example.test', password: 'segredo123' })).statusCode).toBe(401);
    expect((await squatter.hub('POST', '/api/auth/refresh', { refresh_token: refresh })).statusCode).toBe(401);
    // The owner's own session, made after, is good.
    expect((await owner.hub('POST', '/api/auth/refresh', { refresh_token: body.data.session.refresh_token })).statusCode).toBe(200);
  });

  it('Apple: the provider posts the code back (form_post); the name comes from its `user` field', async () => {
    s.idp.account = { sub: 'apple-001', email: 'maria.apple@example.test', email_verified: true };
    const browser = newBrowser();
    const authUrl = await startSignIn(browser, 'apple');
    expect(authUrl.searchParams.get('response_mode')).toBe('form_post');
    const { form } = await browser.walkProvider(authUrl.toString());
    expect(form?.action).toBe(`${APP}/api/auth/social/apple/callback`);
    const fields = new URLSearchParams({ ...form!.fields, user: JSON.stringify({ name: { firstName: 'Maria', lastName: 'Apple' } }) });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/social/apple/callback',
      payload: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `hub_social_binding=${browser.cookies.get('hub_social_binding')}` },
    });
    expect(res.statusCode).toBe(303);
    const { body } = await redeem(browser, new URL(String(res.headers.location)));
    expect(body.user).toMatchObject({ email: 'maria.apple@example.test', name: 'Maria Apple', phone: null });
    expect((await s.pool.query('SELECT provider FROM user_identities WHERE user_id = $1', [body.user.id])).rows).toEqual([{ provider: 'apple' }]);
  });
});
