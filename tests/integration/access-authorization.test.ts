// Walks every access-grant route (issue 26) as a visitor, a renter, a renter granted the private
// Hub, logistics staff assigned to it and not, maintenance, partner and an admin: only the callers
// allowed get through, everyone else a JSON 401 (no token) or 403 before any lookup. And no
// private Hub's lockers or prices reach anyone without a grant, through any Hub read.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../api/http/route-catalog.js';
import { errorShapeProblem } from '../support/error-shape.js';
import { CALLERS, SIGNED_IN as signedIn, castRoles, type Caller } from '../support/role-cast.js';
import { registerHub, startTestApp, waitUntil, windowFromNow, type TestApp } from '../support/test-app.js';

const admins: Caller[] = ['admin'];

const PRIVATE = 'PA-01';
const PUBLIC = 'PA-02';
const SECRET_PRICE_CENTS = 4321; // R$ 43,21: a price that must never show without a grant
let t: TestApp;
let ids: Record<Caller, string>;
let headers: Record<Caller, Record<string, string>>;

interface Walk {
  method: 'GET' | 'POST' | 'DELETE';
  route: string;
  url: (caller: Caller) => string;
  allowed: Caller[];
  payload?: object;
}

// Writes use pairs that do not exist, so the walk changes nothing later walks read: an allowed
// caller gets a 404 or 409, which still proves the role check let them through.
const walks: Walk[] = [
  // Everyone signed in asks about themself.
  {
    method: 'GET',
    route: '/api/user-hub-access/check/:userId/:hubId',
    url: (c) => `/api/user-hub-access/check/${ids[c]}/${PRIVATE}`,
    allowed: signedIn,
  },
  { method: 'POST', route: '/api/user-hub-access/request', url: () => '/api/user-hub-access/request', allowed: signedIn, payload: { hubId: PUBLIC } },
  { method: 'GET', route: '/api/user-hub-access/my-hubs', url: () => '/api/user-hub-access/my-hubs', allowed: signedIn },
  { method: 'GET', route: '/api/user-hub-access/requests', url: () => '/api/user-hub-access/requests', allowed: admins },
  {
    method: 'POST',
    route: '/api/user-hub-access/requests/:id/approve',
    url: () => `/api/user-hub-access/requests/${PRIVATE}.${randomUUID()}/approve`,
    allowed: admins,
  },
  {
    method: 'POST',
    route: '/api/user-hub-access/requests/:id/deny',
    url: () => `/api/user-hub-access/requests/${PRIVATE}.${randomUUID()}/deny`,
    allowed: admins,
    payload: { reason: 'Não' },
  },
  { method: 'GET', route: '/api/hubs/:id/members', url: () => `/api/hubs/${PRIVATE}/members`, allowed: admins },
  { method: 'DELETE', route: '/api/user-hub-access/:userId/:hubId', url: () => `/api/user-hub-access/${randomUUID()}/${PRIVATE}`, allowed: admins },
];

beforeAll(async () => {
  t = await startTestApp();
  await registerHub(t.store, PUBLIC, [{ size: 'P' }]);
  // The cast's private Hub (granted renter, assigned logistics) is the one no price may leak from.
  ({ ids, headers } = await castRoles(t, { privateHub: PRIVATE, lockers: [{ size: 'P', priceCents: SECRET_PRICE_CENTS }] }));
  await waitUntil(async () => (await t.app.inject({ url: '/api/hubs', headers: headers.admin })).json().length === 2);
}, 60_000);

afterAll(async () => t?.close());

describe('who may call the access routes', () => {
  it('walks every access route the app registers', () => {
    const walked = new Set(walks.map((w) => `${w.method} ${w.route}`));
    const registered = routesOf(t.app)
      .filter((r) => (/^\/api\/user-hub-access/.test(r.url) || r.url === '/api/hubs/:id/members') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((r) => !walked.has(r))).toEqual([]);
    expect([...walked].filter((w) => !registered.includes(w))).toEqual([]);
  });

  for (const walk of walks) {
    it(`${walk.method} ${walk.route}: only ${walk.allowed.length === signedIn.length ? 'signed-in callers' : walk.allowed.join(', ')}`, async () => {
      for (const caller of CALLERS) {
        const res = await t.app.inject({
          method: walk.method,
          url: walk.url(caller),
          headers: headers[caller],
          ...(walk.payload ? { payload: walk.payload } : {}),
        });
        const where = `${walk.method} ${walk.url(caller)} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (walk.allowed.includes(caller)) {
          expect([401, 403], where).not.toContain(res.statusCode);
          expect(res.statusCode, where).toBeLessThan(500);
        } else {
          expect(res.statusCode, where).toBe(caller === 'visitor' ? 401 : 403);
          expect(errorShapeProblem(res, walk.method), where).toBeNull();
        }
      }
    });
  }

  it("a renter may not ask about someone else's access", async () => {
    const res = await t.app.inject({ url: `/api/user-hub-access/check/${ids.granted}/${PRIVATE}`, headers: headers.renter });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'forbidden', message: 'Você só pode verificar o seu próprio acesso.' });
  });

  it("no private Hub's lockers or prices reach anyone without a grant", async () => {
    const price = String(SECRET_PRICE_CENTS / 100);
    for (const caller of CALLERS) {
      const sees = caller === 'granted' || caller === 'admin';
      for (const url of [`/api/hubs/${PRIVATE}`, '/api/hubs', '/api/hubs/gmv', ...(caller === 'visitor' ? [] : ['/api/user-hub-access/my-hubs'])]) {
        const res = await t.app.inject({ url, headers: headers[caller] });
        expect(res.statusCode, `${url} as ${caller}`).toBe(200);
        if (!sees) expect(res.body, `${url} as ${caller}`).not.toContain(price);
      }
      const detail = (await t.app.inject({ url: `/api/hubs/${PRIVATE}`, headers: headers[caller] })).json();
      expect(detail.lockers.length, caller).toBe(sees ? 1 : 0);
      expect(detail.has_access, caller).toBe(sees);
      if (caller !== 'visitor') {
        const mine = (await t.app.inject({ url: '/api/user-hub-access/my-hubs', headers: headers[caller] })).json().map((h: { id: string }) => h.id);
        expect(mine.includes(PRIVATE), caller).toBe(sees);
      }
    }
  });

  it('only a granted renter (or an admin) books the private Hub, whatever the client sends', async () => {
    for (const caller of signedIn) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reservations/by-size',
        headers: headers[caller],
        payload: { hub_id: PRIVATE, size: 'P', ...windowFromNow(1, 2 + CALLERS.indexOf(caller)), private: true, has_access: true },
      });
      if (caller === 'granted' || caller === 'admin') expect(res.statusCode, `${caller}: ${res.body}`).toBe(201);
      else expect(res.json().error.code, caller).toBe('private_hub');
    }
  });
});
