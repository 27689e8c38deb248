// Walks every route of the admin side (docs/admin-api.md) as a visitor, a renter, a logistics user
// and an admin: only the roles the contract names get through; everyone else gets JSON 401
// (no valid token) or 403, before any validation or lookup. No answer meant for a non-admin
// carries a Hub's secret key. The walk must cover every admin route the app registers, so a new
// one cannot be added without saying who may call it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../api/http/route-catalog.js';
import { errorShapeProblem } from '../support/error-shape.js';
import { registerHub, signUp, startTestApp, windowFromNow, type TestApp } from '../support/test-app.js';

type Caller = 'visitor' | 'user' | 'logistics' | 'admin';
const CALLERS: Caller[] = ['visitor', 'user', 'logistics', 'admin'];

interface Walk {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered (for the coverage check). */
  route: string;
  url: () => string;
  allowed: Caller[];
  payload?: () => unknown;
  multipart?: boolean;
}

const HUB = 'AZ-01';
const SECRET = 'SECRET1234';
let t: TestApp;
let lockers: string[];
let headers: Record<Caller, Record<string, string>>;

const everyone: Caller[] = ['visitor', 'user', 'logistics', 'admin'];
const staff: Caller[] = ['logistics', 'admin'];
const admins: Caller[] = ['admin'];
const signedIn: Caller[] = ['user', 'logistics', 'admin'];

// Writes that would change what later walks read use ids that do not exist: the admin gets a 404
// (or 400), which still proves the role check let them through.
const walks: Walk[] = [
  { method: 'GET', route: '/api/hubs', url: () => '/api/hubs', allowed: everyone },
  { method: 'GET', route: '/api/hubs/:id', url: () => `/api/hubs/${HUB}`, allowed: everyone },
  {
    method: 'POST',
    route: '/api/hubs',
    url: () => '/api/hubs',
    allowed: admins,
    payload: () => ({
      id: 'AZ-02',
      name: 'Novo',
      address: 'Rua A, 1',
      zipcode: '01000-000',
      city: 'São Paulo',
      state: 'SP',
      country: 'BR',
      description: 'Teste',
      latitude: -23.5,
      longitude: -46.6,
      secret_key: 'ABC123',
    }),
  },
  { method: 'PUT', route: '/api/hubs/:id', url: () => `/api/hubs/${HUB}`, allowed: admins, payload: () => ({ description: 'Atualizado' }) },
  { method: 'DELETE', route: '/api/hubs/:id', url: () => '/api/hubs/ZZ-99', allowed: admins },
  { method: 'GET', route: '/api/hubs/:id/lockers', url: () => `/api/hubs/${HUB}/lockers`, allowed: staff },
  { method: 'GET', route: '/api/lockers/:id', url: () => `/api/lockers/${lockers[0]}`, allowed: staff },
  { method: 'POST', route: '/api/lockers', url: () => '/api/lockers', allowed: admins, payload: () => ({ hub_id: HUB, size: 'G' }) },
  { method: 'PUT', route: '/api/lockers/:id', url: () => `/api/lockers/${lockers[1]}`, allowed: admins, payload: () => ({ price_per_hour: 7.5 }) },
  { method: 'DELETE', route: '/api/lockers/:id', url: () => `/api/lockers/${randomUUID()}`, allowed: admins },
  { method: 'POST', route: '/api/lockers/:id/toggle-status', url: () => `/api/lockers/${randomUUID()}/toggle-status`, allowed: admins },
  { method: 'POST', route: '/api/upload', url: () => '/api/upload', allowed: signedIn, multipart: true },
  { method: 'GET', route: '/api/lockers/:id/history', url: () => `/api/lockers/${lockers[0]}/history`, allowed: admins },
  { method: 'GET', route: '/api/hubs/:id/history', url: () => `/api/hubs/${HUB}/history`, allowed: admins },
  // Issue 26: a private Hub's members (access grants; their own walk is access-authorization.test.ts).
  { method: 'GET', route: '/api/hubs/:id/members', url: () => `/api/hubs/${HUB}/members`, allowed: admins },
  { method: 'GET', route: '/api/hubs/:id/as-of', url: () => `/api/hubs/${HUB}/as-of?at=${encodeURIComponent(new Date().toISOString())}`, allowed: admins },
  { method: 'GET', route: '/api/dashboard/summary', url: () => '/api/dashboard/summary', allowed: admins },
  { method: 'GET', route: '/api/dashboard/stats', url: () => '/api/dashboard/stats?days=7', allowed: admins },
  // Issue 26 staff assignments (also walked as maintenance and partner in staff-authorization.test.ts).
  // Issue 29 alerts (also walked as maintenance and partner in staff-authorization.test.ts).
  { method: 'GET', route: '/api/alerts', url: () => '/api/alerts', allowed: staff },
  { method: 'POST', route: '/api/alerts/:id/ack', url: () => `/api/alerts/${randomUUID()}/ack`, allowed: staff },
  { method: 'POST', route: '/api/alerts/:id/resolve', url: () => `/api/alerts/${randomUUID()}/resolve`, allowed: staff, payload: () => ({}) },
  { method: 'GET', route: '/api/hubs/:id/staff', url: () => `/api/hubs/${HUB}/staff`, allowed: admins },
  { method: 'PUT', route: '/api/hubs/:id/staff/:userId', url: () => `/api/hubs/${HUB}/staff/${randomUUID()}`, allowed: admins },
  { method: 'DELETE', route: '/api/hubs/:id/staff/:userId', url: () => `/api/hubs/${HUB}/staff/${randomUUID()}`, allowed: admins },
  // Issue 29: a Hub's doors, for its staff (this logistics user works no Hub; staff-authorization walks the assigned).
  { method: 'GET', route: '/api/hubs/:hubId/doors', url: () => `/api/hubs/${HUB}/doors`, allowed: admins },
];

/** A tiny real PNG (1×1), sent to the 'avatars' folder any signed-in user may use. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function multipartBody() {
  const boundary = `----hub${randomUUID().replace(/-/g, '')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\navatars\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG_1X1,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function call(walk: Walk, caller: Caller) {
  const base = { method: walk.method, url: walk.url(), headers: { ...headers[caller] } as Record<string, string> };
  if (walk.multipart) {
    const { body, contentType } = multipartBody();
    return t.app.inject({ ...base, headers: { ...base.headers, 'content-type': contentType }, payload: body });
  }
  return t.app.inject(walk.payload ? { ...base, payload: walk.payload() as object } : base);
}

beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  lockers = await registerHub(t.store, HUB, [{ size: 'P' }, { size: 'M' }]);
  const [user, logistics, admin] = await Promise.all([signUp(t, 'Renata'), signUp(t, 'Lia', 'logistics'), signUp(t, 'Ada', 'admin')]);
  headers = { visitor: {}, user: user.headers, logistics: logistics.headers, admin: admin.headers };
  // A booking, so the history and as-of answers have a renter in them.
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/reservations/by-size',
    headers: user.headers,
    payload: { hub_id: HUB, size: 'P', ...windowFromNow(2) },
  });
  expect(booked.statusCode).toBe(201);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('who may call the admin routes', () => {
  it('walks every admin route the app registers', () => {
    const walked = new Set(walks.map((w) => `${w.method} ${w.route}`));
    const adminRoutes = routesOf(t.app)
      .filter((r) => /^\/api\/(hubs|lockers|upload|dashboard|alerts)/.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`)
      // The renters' public Hub list of GMV Hubs is not an admin route.
      .filter((r) => r !== 'GET /api/hubs/gmv');
    expect(adminRoutes.filter((r) => !walked.has(r))).toEqual([]);
    expect([...walked].filter((w) => !adminRoutes.includes(w))).toEqual([]);
  });

  for (const walk of walks) {
    it(`${walk.method} ${walk.route}: only ${walk.allowed.join(', ')}`, async () => {
      for (const caller of CALLERS) {
        const res = await call(walk, caller);
        const where = `${walk.method} ${walk.url()} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (walk.allowed.includes(caller)) {
          expect([401, 403], where).not.toContain(res.statusCode);
          expect(res.statusCode, where).toBeLessThan(500);
        } else {
          expect(res.statusCode, where).toBe(caller === 'visitor' ? 401 : 403);
          expect(errorShapeProblem(res, walk.method), where).toBeNull();
        }
        if (caller !== 'admin') expect(res.body, where).not.toContain(SECRET);
      }
    });
  }

  it('shows the secret key to admins only', async () => {
    const asAdmin = await t.app.inject({ method: 'GET', url: `/api/hubs/${HUB}`, headers: headers.admin });
    expect(asAdmin.json().secret_key).toBe(SECRET);
    for (const caller of ['visitor', 'user', 'logistics'] as const) {
      for (const url of [`/api/hubs/${HUB}`, '/api/hubs', '/api/hubs/gmv']) {
        const res = await t.app.inject({ method: 'GET', url, headers: headers[caller] });
        expect(res.body, `${url} as ${caller}`).not.toContain(SECRET);
        expect(res.body, `${url} as ${caller}`).not.toContain('secret_key');
      }
    }
  });
});
