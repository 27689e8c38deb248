// Walks every partner route as the issue 26 cast (tests/support/role-cast.ts): the admin routes
// (/api/partners...) let only admins through, everyone else gets JSON 401 (no valid token) or 403
// before any validation or lookup, and no refusal carries the partner's e-mail. The partner API
// (/api/partner/v1) takes only a partner token: every user's access token, admins' included, is a
// JSON 401 there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../api/http/route-catalog.js';
import { errorShapeProblem } from '../support/error-shape.js';
import { CALLERS, castRoles, type Caller } from '../support/role-cast.js';
import { registerHub, signUp, startTestApp, waitUntil, type TestApp } from '../support/test-app.js';

interface Walk {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  route: string;
  url: () => string;
  payload?: () => object;
}

let t: TestApp;
let headers: Record<Caller, Record<string, string>>;
let partnerId = '';
// The account the users walk adds and removes: not one of the callers, whose role a partner
// membership changes (a renter added becomes 'partner', removed a renter again, its sessions ended).
let walkerId = '';
const EMAIL = 'walk@aurora.com.br';
const body = () => ({ name: 'Walk', email: EMAIL, company_name: 'Walk Ltda' });

const walks: Walk[] = [
  { method: 'GET', route: '/api/partners', url: () => '/api/partners' },
  { method: 'POST', route: '/api/partners', url: () => '/api/partners', payload: body },
  { method: 'GET', route: '/api/partners/:id', url: () => `/api/partners/${partnerId}` },
  { method: 'PUT', route: '/api/partners/:id', url: () => `/api/partners/${partnerId}`, payload: body },
  { method: 'DELETE', route: '/api/partners/:id', url: () => '/api/partners/6b0f2d4e-9a1c-4e7b-8f3d-2c5a7e9b1d08' },
  { method: 'GET', route: '/api/partners/:id/hubs', url: () => `/api/partners/${partnerId}/hubs` },
  { method: 'GET', route: '/api/partners/:id/users', url: () => `/api/partners/${partnerId}/users` },
  { method: 'POST', route: '/api/partners/:id/users/:userId', url: () => `/api/partners/${partnerId}/users/${walkerId}` },
  { method: 'DELETE', route: '/api/partners/:id/users/:userId', url: () => `/api/partners/${partnerId}/users/${walkerId}` },
  { method: 'POST', route: '/api/partners/:id/hubs/:hubId', url: () => `/api/partners/${partnerId}/hubs/PW-01` },
  { method: 'DELETE', route: '/api/partners/:id/hubs/:hubId', url: () => `/api/partners/${partnerId}/hubs/PW-01` },
  { method: 'POST', route: '/api/partners/:id/generate-token', url: () => `/api/partners/${partnerId}/generate-token` },
  { method: 'POST', route: '/api/partners/:id/generate-sandbox-token', url: () => `/api/partners/${partnerId}/generate-sandbox-token` },
  { method: 'GET', route: '/api/partners/:id/history', url: () => `/api/partners/${partnerId}/history` },
];

beforeAll(async () => {
  t = await startTestApp();
  ({ headers } = await castRoles(t));
  walkerId = (await signUp(t, 'Walker')).id;
  await registerHub(t.store, 'PW-01', [{ size: 'P' }]);
  await waitUntil(async () => (await t.db.query("SELECT 1 FROM rm_hubs WHERE id = 'PW-01'")).rowCount === 1);
  const made = await t.app.inject({ method: 'POST', url: '/api/partners', headers: headers.admin, payload: body() });
  expect(made.statusCode, made.body).toBe(201);
  partnerId = made.json().id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('who may call the partner routes', () => {
  it('walks every partner route the app registers', () => {
    const walked = new Set(walks.map((w) => `${w.method} ${w.route}`));
    const registered = routesOf(t.app)
      .filter((r) => /^\/api\/partners/.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      // A partner's webhooks let its own users in too: walked by webhooks-authorization.test.ts.
      .filter((r) => !r.url.includes('/webhooks'))
      .map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((r) => !walked.has(r))).toEqual([]);
    expect([...walked].filter((w) => !registered.includes(w))).toEqual([]);
  });

  for (const walk of walks) {
    it(`${walk.method} ${walk.route}: only admins`, async () => {
      for (const caller of CALLERS) {
        const res = await t.app.inject({
          method: walk.method,
          url: walk.url(),
          headers: headers[caller],
          ...(walk.payload ? { payload: walk.payload() } : {}),
        });
        const where = `${walk.method} ${walk.url()} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (caller === 'admin') {
          expect([401, 403], where).not.toContain(res.statusCode);
          expect(res.statusCode, where).toBeLessThan(500);
        } else {
          expect(res.statusCode, where).toBe(caller === 'visitor' ? 401 : 403);
          expect(errorShapeProblem(res, walk.method), where).toBeNull();
          expect(res.body, where).not.toContain(EMAIL);
        }
      }
    });
  }

  it('refuses a user access token on the partner API, admins included', async () => {
    for (const caller of CALLERS) {
      const res = await t.app.inject({ method: 'GET', url: '/api/partner/v1/me', headers: headers[caller] });
      expect(res.statusCode, caller).toBe(401);
      expect(errorShapeProblem(res, 'GET'), caller).toBeNull();
      expect(res.json().error.code).toBe('invalid_partner_token');
    }
  });
});
