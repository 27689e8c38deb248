import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes } from '../../api/auth/routes.js';
import { createTokenService, type TokenService } from '../../api/auth/tokens.js';
import type { ClientUser } from '../../api/auth/users.js';
import { installErrorHandler } from '../../api/http/errors.js';
import { createPool } from '../../infra/db/pool.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

const secret = randomBytes(32);
let database: TestDatabase;
let pool: pg.Pool;
let tokens: TokenService;
let app: FastifyInstance;
// The failed-login limits' clock; tests move it instead of sleeping.
let now = new Date();

// Each test speaks from its own address so per-IP rate limits never leak between tests.
let ipCounter = 0;
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
let emailCounter = 0;
const nextEmail = () => `pessoa${++emailCounter}@exemplo.com.br`;

type Fields = Record<string, unknown>;
// Every body shape the auth routes send, merged: assertions then read fields by their real names
// (a typo fails to compile) while the test still checks at runtime which ones are present.
type Reply = {
  data: {
    session: {
      access_token: string;
      refresh_token: string;
      expires_at: number;
      expires_in: number;
      token_type: string;
      user: { id: string; email: string; phone: string | null };
    };
  };
  user: ClientUser;
  token: string;
  error: { code: string; message: string; details: { field: string } };
};

async function call(method: 'GET' | 'POST' | 'PUT', url: string, opts: { body?: unknown; token?: string; ip?: string } = {}) {
  const res = await app.inject({
    method,
    url,
    remoteAddress: opts.ip ?? nextIp(),
    ...(opts.body === undefined ? {} : { payload: opts.body as Fields }),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as Reply };
}

async function register(overrides: Fields = {}) {
  const body = { name: 'Ana Souza', email: nextEmail(), phone: '(11) 98765-4321', password: 'segredo123', ...overrides };
  return { input: body, res: await call('POST', '/api/auth/register', { body }) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  tokens = createTokenService(secret);
  app = Fastify({ logger: false });
  installErrorHandler(app);
  await app.register(rateLimit, { global: false }); // as the real app does
  await app.register(authRoutes, { db: pool, tokens, clock: () => now });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await pool?.end();
  await database?.drop();
});

describe('register', () => {
  it('creates a plain user, returns session, user and token, and stores an argon2id hash', async () => {
    const { input, res } = await register({ email: '  Ana.Mixed@Exemplo.COM ', role: 'admin', isAdmin: true });
    expect(res.status).toBe(201);
    const { data, user, token } = res.body;
    expect(user).toEqual({
      id: expect.any(String),
      name: 'Ana Souza',
      email: 'ana.mixed@exemplo.com',
      phone: '11987654321',
      role: 'user', // the client asked for admin; sign-up never grants it
      isAdmin: false,
      avatar_url: null,
      // The profile fields of the User entity (issue 10), empty after sign-up.
      ...{ rg: null, cpf: null, cnpj: null, address: null, address_number: null, complement: null, neighborhood: null },
      ...{ city: null, state: null, postal_code: null, partner_id: null, hidePublics: false },
    });
    expect(data.session).toMatchObject({
      access_token: token,
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_in: 900,
      token_type: 'bearer',
      user: { id: user.id, email: 'ana.mixed@exemplo.com', phone: '11987654321' },
    });
    const now = Math.floor(Date.now() / 1000);
    expect(data.session.expires_at).toBeGreaterThanOrEqual(now + 890);
    expect(data.session.expires_at).toBeLessThanOrEqual(now + 910);
    expect(await tokens.verifyAccess(token)).toEqual({
      id: user.id,
      role: 'user',
      isAdmin: false,
      name: 'Ana Souza',
      email: 'ana.mixed@exemplo.com',
      sessionEpoch: 0,
    });

    const { rows } = await pool.query<{ password_hash: string; role: string; is_admin: boolean }>(
      'SELECT password_hash, role, is_admin FROM users WHERE id = $1',
      [user.id],
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.password_hash).not.toContain(input.password);
    expect(rows[0]).toMatchObject({ role: 'user', is_admin: false });
    // The refresh token is stored only as its hash.
    const stored = await pool.query<{ token_hash: string }>('SELECT token_hash FROM refresh_tokens WHERE user_id = $1', [user.id]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]?.token_hash).not.toBe(data.session.refresh_token);
  });

  it('rejects a duplicate e-mail, whatever its case, with 409 email_taken', async () => {
    const { input } = await register();
    const { res } = await register({ email: String(input.email).toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'email_taken', message: 'E-mail já cadastrado' } });
  });

  it.each(['name', 'email', 'phone', 'password'])('answers 400 naming the missing field %s', async (field) => {
    const body: Fields = { name: 'Ana', email: nextEmail(), phone: '11987654321', password: 'segredo123' };
    delete body[field];
    const res = await call('POST', '/api/auth/register', { body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details.field).toBe(field);
    expect(res.body.error.message).toContain(field);
    expect(res.body.error.message).toContain('Preencha todos os campos obrigatórios');
  });

  it('rejects a password shorter than 6 characters', async () => {
    const { res } = await register({ password: '12345' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.field).toBe('password');
    expect(res.body.error.message).toContain('Mínimo de 6 caracteres');
  });

  it.each(['123456789', '119876543210', '(11) 9876-abcd'])('rejects the phone %s', async (phone) => {
    const { res } = await register({ phone });
    expect(res.status).toBe(400);
    expect(res.body.error.details.field).toBe('phone');
    expect(res.body.error.message).toContain('Telefone inválido. Por favor, insira um número válido com DDD.');
  });

  it('rejects an invalid e-mail', async () => {
    const { res } = await register({ email: 'nao-e-email' });
    expect(res.status).toBe(400);
    expect(res.body.error.details.field).toBe('email');
  });
});

describe('login', () => {
  it('signs in with the right password, e-mail case-insensitively', async () => {
    const { input, res: reg } = await register();
    const res = await call('POST', '/api/auth/login', { body: { email: String(input.email).toUpperCase(), password: input.password } });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual(reg.body.user);
    expect(res.body.token).toBe(res.body.data.session.access_token);
    expect(res.body.data.session.token_type).toBe('bearer');
    expect(res.body.data.session.refresh_token).not.toBe(reg.body.data.session.refresh_token);
    expect((await tokens.verifyAccess(res.body.token))?.id).toBe(reg.body.user.id);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const { input } = await register();
    const wrong = await call('POST', '/api/auth/login', { body: { email: input.email, password: 'outra-senha' } });
    const unknown = await call('POST', '/api/auth/login', { body: { email: nextEmail(), password: 'outra-senha' } });
    const expected = { error: { code: 'invalid_credentials', message: 'Falha no login: Verifique suas credenciais' } };
    expect(wrong).toEqual({ status: 401, body: expected });
    expect(unknown).toEqual({ status: 401, body: expected });
  });

  it('requires e-mail and password', async () => {
    const res = await call('POST', '/api/auth/login', { body: { email: nextEmail() } });
    expect(res.status).toBe(400);
    expect(res.body.error.details.field).toBe('password');
  });
});

describe('refresh and sign-out', () => {
  it('rotates the refresh token; its reuse after the grace ends every session of the account', async () => {
    const { res: reg } = await register();
    const first = reg.body.data.session.refresh_token;
    const rotated = await call('POST', '/api/auth/refresh', { body: { refresh_token: first } });
    expect(rotated.status).toBe(200);
    const second = rotated.body.data.session.refresh_token;
    expect(second).not.toBe(first);
    expect((await tokens.verifyAccess(rotated.body.token))?.id).toBe(reg.body.user.id);

    // 31 s later (the grace is 30 s): the rotated-away token is stolen or replayed.
    await pool.query(`UPDATE refresh_tokens SET rotated_at = rotated_at - interval '31 seconds' WHERE user_id = $1 AND rotated_at IS NOT NULL`, [
      reg.body.user.id,
    ]);
    const replay = await call('POST', '/api/auth/refresh', { body: { refresh_token: first } });
    expect(replay).toEqual({ status: 401, body: { error: { code: 'invalid_refresh_token', message: 'Sessão inválida' } } });
    // The replay revoked every token of the user, including the legitimately rotated one, and
    // the access tokens with them.
    const afterReuse = await call('POST', '/api/auth/refresh', { body: { refresh_token: second } });
    expect(afterReuse.status).toBe(401);
    expect((await call('GET', '/api/auth/session', { token: rotated.body.token })).status).toBe(401);
  });

  it('issue 24 item 8: within the grace the same refresh token gives the same successor; a signed-out token is just dead', async () => {
    const { res: reg } = await register();
    const first = reg.body.data.session.refresh_token;
    const a = await call('POST', '/api/auth/refresh', { body: { refresh_token: first } });
    const b = await call('POST', '/api/auth/refresh', { body: { refresh_token: first } });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.data.session.refresh_token).toBe(a.body.data.session.refresh_token);
    expect((await call('POST', '/api/auth/refresh', { body: { refresh_token: b.body.data.session.refresh_token } })).status).toBe(200);

    // Signing out revokes without rotating: an old tab's refresh afterwards ends nothing more,
    // so a session made after the sign-out survives it.
    const other = await register();
    const stale = other.res.body.data.session.refresh_token;
    expect((await call('POST', '/api/auth/signout', { token: other.res.body.token })).status).toBe(204);
    const fresh = await call('POST', '/api/auth/login', { body: { email: other.input.email, password: other.input.password } });
    expect(fresh.status).toBe(200);
    expect((await call('POST', '/api/auth/refresh', { body: { refresh_token: stale } })).status).toBe(401);
    expect((await call('GET', '/api/auth/session', { token: fresh.body.token })).status).toBe(200);
    expect((await call('POST', '/api/auth/refresh', { body: { refresh_token: fresh.body.data.session.refresh_token } })).status).toBe(200);
  });

  it('refuses an unknown or expired refresh token', async () => {
    const unknown = await call('POST', '/api/auth/refresh', { body: { refresh_token: randomBytes(32).toString('base64url') } });
    expect(unknown.status).toBe(401);

    const { res: reg } = await register();
    const expiring = createTokenService(secret, { refreshTtlSeconds: 60, now: () => Date.now() - 120_000 });
    const stale = await expiring.issueRefresh(pool, reg.body.user.id);
    const res = await call('POST', '/api/auth/refresh', { body: { refresh_token: stale.token } });
    expect(res.status).toBe(401);
  });

  it('signs out: 204, and the refresh token no longer works', async () => {
    const { res: reg } = await register();
    const out = await call('POST', '/api/auth/signout', { token: reg.body.token });
    expect(out.status).toBe(204);
    const res = await call('POST', '/api/auth/refresh', { body: { refresh_token: reg.body.data.session.refresh_token } });
    expect(res.status).toBe(401);
  });

  it('requires a bearer token to sign out', async () => {
    const res = await call('POST', '/api/auth/signout');
    expect(res).toEqual({ status: 401, body: { error: { code: 'unauthorized', message: 'Autenticação necessária' } } });
  });
});

describe('guard and session', () => {
  it('returns the session for a valid bearer token', async () => {
    const { res: reg } = await register();
    const res = await call('GET', '/api/auth/session', { token: reg.body.token });
    expect(res.status).toBe(200);
    expect(res.body.data.session.access_token).toBe(reg.body.token);
    expect(res.body.user.id).toBe(reg.body.user.id);
  });

  it('rejects a missing, tampered, foreign or expired token with 401', async () => {
    const { res: reg } = await register();
    const [header, payload, signature] = reg.body.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Fields;
    // Same signature, escalated claims: must fail the signature check.
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin', adm: true })).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;

    const me = { id: reg.body.user.id, role: 'user' as const, isAdmin: false, name: 'Ana', email: reg.body.user.email, sessionEpoch: 0 };
    const foreign = (await createTokenService(randomBytes(32)).issueAccess(me)).token;
    const clockAnHourAgo = createTokenService(secret, { now: () => Date.now() - 3_600_000 });
    const expired = (await clockAnHourAgo.issueAccess(me)).token;
    expect(await tokens.verifyAccess(`${header}.${payload}.${signature}`)).not.toBeNull(); // the baseline is valid

    for (const bad of [undefined, `${header}.${forged}.${signature}`, `${header}.${payload}.${flipped}`, foreign, expired, 'lixo']) {
      const res = await call('GET', '/api/auth/session', bad === undefined ? {} : { token: bad });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
    expect(await tokens.verifyAccess(expired)).toBeNull();
  });
});

describe('update-phone', () => {
  it('stores the digits of a masked phone and returns the user', async () => {
    const { res: reg } = await register({ phone: '2133334444' });
    const res = await call('PUT', '/api/auth/update-phone', { token: reg.body.token, body: { phone: '(31) 99876-5432' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ ...reg.body.user, phone: '31998765432' });
    const { rows } = await pool.query<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [reg.body.user.id]);
    expect(rows[0]?.phone).toBe('31998765432');
  });

  it('rejects a short phone and an anonymous caller', async () => {
    const { res: reg } = await register();
    const short = await call('PUT', '/api/auth/update-phone', { token: reg.body.token, body: { phone: '(31) 9987' } });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toContain('Telefone inválido. Por favor, insira um número válido com DDD.');
    const anonymous = await call('PUT', '/api/auth/update-phone', { body: { phone: '31998765432' } });
    expect(anonymous.status).toBe(401);
  });
});

describe('rate limits', () => {
  it('answers 429 in the JSON error shape after 10 logins a minute for one IP and e-mail', async () => {
    const email = String((await register()).input.email);
    const ip = nextIp();
    const attempt = (email: string) => call('POST', '/api/auth/login', { ip, body: { email, password: 'errada' } });
    for (let i = 0; i < 10; i++) {
      now = new Date(now.getTime() + 60_000); // past the account's growing delay (auth-abuse.test.ts)
      expect((await attempt(email)).status).toBe(401);
    }
    const limited = await attempt(email.toUpperCase()); // same account, other spelling
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: { code: 'rate_limited', message: 'Muitas tentativas. Aguarde e tente novamente.' } });
    // Keyed by IP and e-mail: another account from the same address is still answered.
    expect((await attempt(nextEmail())).status).toBe(401);
  });

  it('limits registrations to 10 a minute per IP', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const body = { name: 'Ana', email: nextEmail(), phone: '11987654321', password: '123' }; // 400s: cheap, still counted
      statuses.push((await call('POST', '/api/auth/register', { ip, body })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
