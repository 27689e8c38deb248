// Walks every Operators route as the issue 26 cast (tests/support/role-cast.ts: a visitor, a
// renter, a granted renter, logistics assigned and not, maintenance, partner and admin): only
// admins get through; everyone else gets JSON 401 (no valid token) or 403 before any validation or
// lookup, and no refusal carries an operator's e-mail. The invitation routes are public (the link
// is the credential). The walk must cover every /api/operators route this part registers (the Hub
// assignments under /api/operators/{id}/hubs are walked by their own test).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../api/http/route-catalog.js';
import { errorShapeProblem } from '../support/error-shape.js';
import { CALLERS, SIGNED_IN, castRoles, type Caller } from '../support/role-cast.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Walk {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: string;
  url: () => string;
  allowed: Caller[];
  payload?: () => object;
}

let t: TestApp;
let headers: Record<Caller, Record<string, string>>;
let target: { id: string; email: string };
const admins: Caller[] = ['admin'];

// Writes use an unknown id or a fresh e-mail: the admin's 404 / 201 still proves the role check.
const walks: Walk[] = [
  { method: 'GET', route: '/api/operators', url: () => '/api/operators', allowed: admins },
  {
    method: 'POST',
    route: '/api/operators',
    url: () => '/api/operators',
    allowed: admins,
    payload: () => ({ name: 'Novo', email: `novo-${randomUUID().slice(0, 8)}@example.com`, role: 'logistics' }),
  },
  { method: 'PUT', route: '/api/operators/:id', url: () => `/api/operators/${target.id}`, allowed: admins, payload: () => ({ name: 'Alvo Renomeado' }) },
  { method: 'DELETE', route: '/api/operators/:id', url: () => `/api/operators/${randomUUID()}`, allowed: admins },
  { method: 'POST', route: '/api/operators/:id/invitation', url: () => `/api/operators/${target.id}/invitation`, allowed: admins },
];

beforeAll(async () => {
  t = await startTestApp();
  ({ headers } = await castRoles(t));
  const email = `alvo-${randomUUID().slice(0, 8)}@example.com`;
  const added = await t.app.inject({ method: 'POST', url: '/api/operators', headers: headers.admin, payload: { name: 'Alvo', email, role: 'logistics' } });
  expect(added.statusCode, added.body).toBe(201);
  target = { id: added.json().id, email };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('who may call the operators routes', () => {
  it('walks every operators route the app registers', () => {
    const walked = new Set(walks.map((w) => `${w.method} ${w.route}`));
    const registered = routesOf(t.app)
      .filter((r) => /^\/api\/operators/.test(r.url) && !/\/hubs$/.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((r) => !walked.has(r))).toEqual([]);
    expect([...walked].filter((w) => !registered.includes(w))).toEqual([]);
  });

  for (const walk of walks) {
    it(`${walk.method} ${walk.route}: only ${walk.allowed.join(', ')}`, async () => {
      for (const caller of CALLERS) {
        const res = await t.app.inject({
          method: walk.method,
          url: walk.url(),
          headers: headers[caller],
          ...(walk.payload ? { payload: walk.payload() } : {}),
        });
        const where = `${walk.method} ${walk.url()} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (walk.allowed.includes(caller)) {
          expect([401, 403], where).not.toContain(res.statusCode);
          expect(res.statusCode, where).toBeLessThan(500);
        } else {
          expect(res.statusCode, where).toBe(caller === 'visitor' ? 401 : 403);
          expect(errorShapeProblem(res, walk.method), where).toBeNull();
          expect(res.body, where).not.toContain(target.email);
        }
      }
    });
  }

  it('refuses before validating: a non-admin learns nothing from a bad body', async () => {
    for (const caller of SIGNED_IN.filter((c) => !admins.includes(c))) {
      const res = await t.app.inject({ method: 'POST', url: '/api/operators', headers: headers[caller], payload: { nome: 1 } });
      expect(res.statusCode, caller).toBe(403);
      expect(res.json().error.code, caller).toBe('forbidden');
    }
  });

  it('lets anyone present an invitation token (the link is the credential), refusing a bad one alike', async () => {
    for (const caller of CALLERS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/invitation/verify',
        headers: headers[caller],
        payload: { token: `${randomUUID()}.${'a'.repeat(43)}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_invitation');
    }
  });
});
