// Walks every /api/users route (issue 10 part 5) as a visitor, another user, the user the route is
// about, and an admin: a user reads and edits only themself, the list and other accounts are for
// admins, refusals are JSON 401/403/404 in pt-BR, and no answer carries a password hash or
// another person's data. The walk must cover every /api/users route the app registers.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../api/http/route-catalog.js';
import { errorShapeProblem } from '../support/error-shape.js';
import { signUp, startTestApp, type TestApp } from '../support/test-app.js';

type Caller = 'visitor' | 'other' | 'self' | 'admin';
const CALLERS: Caller[] = ['visitor', 'other', 'self', 'admin'];
type Account = Awaited<ReturnType<typeof signUp>> & { email: string };

interface Walk {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: string;
  url: () => string;
  allowed: Caller[];
  /** Status an allowed caller gets (default 200). */
  ok?: number;
  payload?: (caller: Caller) => object;
}

const CPF = '52998224725';
let t: TestApp;
let accounts: Record<Exclude<Caller, 'visitor'>, Account>;
const headersOf = (caller: Caller) => (caller === 'visitor' ? {} : accounts[caller].headers);

const signedIn: Caller[] = ['other', 'self', 'admin'];
const selfAndAdmin: Caller[] = ['self', 'admin'];
const admins: Caller[] = ['admin'];

const walks: Walk[] = [
  { method: 'GET', route: '/api/users', url: () => '/api/users', allowed: admins },
  { method: 'GET', route: '/api/users/profile/me', url: () => '/api/users/profile/me', allowed: signedIn },
  { method: 'PUT', route: '/api/users/profile/me', url: () => '/api/users/profile/me', allowed: signedIn, payload: () => ({ city: 'Campinas' }) },
  { method: 'GET', route: '/api/users/profile/me/export', url: () => '/api/users/profile/me/export', allowed: signedIn },
  // A wrong password: every signed-in caller gets through to the check, and nobody is erased.
  {
    method: 'DELETE',
    route: '/api/users/profile/me',
    url: () => '/api/users/profile/me',
    allowed: signedIn,
    ok: 400,
    payload: () => ({ password: 'not-the-password' }),
  },
  { method: 'GET', route: '/api/users/:id', url: () => `/api/users/${accounts.self.id}`, allowed: selfAndAdmin },
  { method: 'GET', route: '/api/users/email/:email', url: () => `/api/users/email/${encodeURIComponent(accounts.self.email)}`, allowed: selfAndAdmin },
  {
    method: 'POST',
    route: '/api/users',
    url: () => '/api/users',
    allowed: admins,
    ok: 201,
    payload: () => ({ name: 'Novo Operador', email: `novo-${randomUUID().slice(0, 8)}@example.com` }),
  },
  {
    method: 'POST',
    route: '/api/users/create-in-database',
    url: () => '/api/users/create-in-database',
    allowed: selfAndAdmin,
    payload: () => ({ id: accounts.self.id, name: 'Renata', email: accounts.self.email, phone: '11987654321' }),
  },
  { method: 'PUT', route: '/api/users/:id', url: () => `/api/users/${accounts.self.id}`, allowed: selfAndAdmin, payload: () => ({ complement: 'Apto 12' }) },
  { method: 'DELETE', route: '/api/users/:id', url: () => `/api/users/${randomUUID()}`, allowed: admins, ok: 404 },
];

async function call(walk: Walk, caller: Caller) {
  return t.app.inject({ method: walk.method, url: walk.url(), headers: headersOf(caller), ...(walk.payload ? { payload: walk.payload(caller) } : {}) });
}

async function account(name: string, role?: 'admin'): Promise<Account> {
  const made = await signUp(t, name, role);
  const me = await t.app.inject({ method: 'GET', url: '/api/users/profile/me', headers: made.headers });
  return { ...made, email: me.json().email };
}

beforeAll(async () => {
  t = await startTestApp({ projections: false });
  await t.app.ready();
  accounts = { other: await account('Otavio'), self: await account('Renata'), admin: await account('Ada', 'admin') };
  // Personal data of the user the routes are about, to be found in no answer meant for others.
  const res = await t.app.inject({ method: 'PUT', url: '/api/users/profile/me', headers: accounts.self.headers, payload: { cpf: '529.982.247-25' } });
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);

afterAll(async () => t?.close());

describe('who may call the users routes', () => {
  it('walks every /api/users route the app registers', () => {
    const walked = new Set(walks.map((w) => `${w.method} ${w.route}`));
    const registered = routesOf(t.app)
      .filter((r) => r.url.startsWith('/api/users') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((r) => !walked.has(r))).toEqual([]);
    expect([...walked].filter((w) => !registered.includes(w))).toEqual([]);
  });

  for (const walk of walks) {
    it(`${walk.method} ${walk.route}: only ${walk.allowed.join(', ')}`, async () => {
      for (const caller of CALLERS) {
        const res = await call(walk, caller);
        const where = `${walk.method} ${walk.url()} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (walk.allowed.includes(caller)) expect(res.statusCode, where).toBe(walk.ok ?? 200);
        else expect(res.statusCode, where).toBe(caller === 'visitor' ? 401 : 403);
        expect(errorShapeProblem(res, walk.method), where).toBeNull();
        expect(res.body, where).not.toMatch(/password_hash|\$argon2/);
        // The user's CPF and e-mail reach only the user and admins.
        if (caller === 'visitor' || caller === 'other') {
          expect(res.body, where).not.toContain(CPF);
          expect(res.body, where).not.toContain(accounts.self.email);
        }
      }
    });
  }

  it('another user gets 403 for any id, existing or not, and for any e-mail: nothing tells which exist', async () => {
    for (const url of [
      `/api/users/${accounts.self.id}`,
      `/api/users/${randomUUID()}`,
      '/api/users/nao-e-um-id',
      `/api/users/email/${accounts.self.email}`,
      '/api/users/email/ninguem@example.com',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: accounts.other.headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ error: { code: 'forbidden', message: 'Você só pode acessar a sua própria conta.' } });
    }
    const put = await t.app.inject({ method: 'PUT', url: `/api/users/${accounts.self.id}`, headers: accounts.other.headers, payload: { name: 'Invasor' } });
    expect(put.statusCode).toBe(403);
    const self = await t.app.inject({ method: 'GET', url: `/api/users/${accounts.self.id}`, headers: accounts.self.headers });
    expect(self.json().name).toBe('Renata');
  });

  it('an admin gets 404 in JSON for unknown ids and e-mails', async () => {
    for (const url of [`/api/users/${randomUUID()}`, '/api/users/nao-e-um-id', '/api/users/email/ninguem@example.com']) {
      const res = await t.app.inject({ method: 'GET', url, headers: accounts.admin.headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { code: 'not_found', message: 'Usuário não encontrado' } });
    }
  });

  it('only an admin changes a role, and is_admin follows it (true only for admin)', async () => {
    const byUser = await t.app.inject({ method: 'PUT', url: '/api/users/profile/me', headers: accounts.self.headers, payload: { role: 'admin' } });
    expect(byUser.statusCode).toBe(403);
    expect(byUser.json().error.message).toBe('Apenas administradores podem alterar o tipo de conta.');
    // Sending the role one already has (a client posting the whole user) is no change.
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${accounts.other.id}`,
      headers: accounts.other.headers,
      payload: { role: 'user', isAdmin: false },
    });
    expect(same.statusCode, same.body).toBe(200);

    const promote = await t.app.inject({ method: 'PUT', url: `/api/users/${accounts.other.id}`, headers: accounts.admin.headers, payload: { role: 'admin' } });
    expect(promote.json()).toMatchObject({ role: 'admin', isAdmin: true });
    const logistics = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${accounts.other.id}`,
      headers: accounts.admin.headers,
      payload: { role: 'logistics' },
    });
    expect(logistics.json()).toMatchObject({ role: 'logistics', isAdmin: false });
    const { rows } = await t.db.query('SELECT role, is_admin FROM users WHERE id = $1', [accounts.other.id]);
    expect(rows[0]).toEqual({ role: 'logistics', is_admin: false });
    await t.app.inject({ method: 'PUT', url: `/api/users/${accounts.other.id}`, headers: accounts.admin.headers, payload: { role: 'user' } });
  });

  it('the admin list holds every account and no password hash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: accounts.admin.headers });
    const ids = res.json<Array<{ id: string }>>().map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([accounts.self.id, accounts.other.id, accounts.admin.id]));
    expect(res.body).not.toContain('password');
  });

  it('create-in-database answers the caller their own id; an admin creates an unknown account', async () => {
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/users/create-in-database',
      headers: accounts.self.headers,
      payload: { id: accounts.self.id, name: 'Renata', email: accounts.self.email },
    });
    expect(self.json()).toEqual({ id: accounts.self.id });
    const email = `convidado-${randomUUID().slice(0, 8)}@example.com`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/users/create-in-database',
      headers: accounts.admin.headers,
      payload: { id: randomUUID(), name: 'Convidado', email },
    });
    expect(made.statusCode).toBe(200);
    const { rows } = await t.db.query('SELECT id, password_hash FROM users WHERE email = $1', [email]);
    expect(rows).toEqual([{ id: made.json().id, password_hash: null }]);
  });
});
