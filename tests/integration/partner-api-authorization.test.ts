// Who may call the partner API (issue 27 item 3), over every route of the contract's partner-api
// endpoints (and the walk covers every route the app registers under /api/partner/v1): no token
// or a bad one is a JSON 401, an inactive partner's token too, and every user's session token
// (admins' included) is not a partner token (401). Partners A and B each have Hubs and
// reservations: A never reads, books on or cancels B's (404, the same answer as for ids that do
// not exist), and A's lists hold nothing of B's.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../api/http/route-catalog.js';
import { fastifyPath } from '../../api/contract/route.js';
import type { Endpoint } from '../../contract/endpoint.js';
import { partnerApiEndpoints } from '../../contract/partner-api/partner-api-endpoints.js';
import { issueSandboxToken, partnerSandboxEndpoints } from '../../contract/partner-api/partner-api-sandbox.js';
import { errorShapeProblem } from '../support/error-shape.js';
import type { TestPartner } from '../support/partner-api.js';
import { createPartnerWithToken } from '../support/partner-api.js';
import { CALLERS, castRoles, type Caller } from '../support/role-cast.js';
import { registerHub, startTestApp, waitUntil, windowFromNow, type TestApp } from '../support/test-app.js';

let t: TestApp;
let headers: Record<Caller, Record<string, string>>;
let a: TestPartner;
let b: TestPartner;
let inactive: TestPartner;
const reservationOf: Record<string, string> = {};
const V1 = '/api/partner/v1';
const endpoints: Endpoint[] = [...Object.values(partnerApiEndpoints), ...Object.values(partnerSandboxEndpoints)];

/** The request for an endpoint aimed at `target`'s Hub or reservation. */
function requestFor(e: Endpoint, target: TestPartner, hubId: string) {
  const url = e.path.replace('{id}', reservationOf[target.id] ?? randomUUID());
  const payload =
    e.method === 'POST' && e.path.endsWith('/reservations')
      ? { hub_id: hubId, size: 'P', ...windowFromNow(1, 5), customer: { name: 'Cliente', email: 'cliente@example.com' } }
      : undefined;
  return { method: e.method, url, payload };
}

const send = (req: ReturnType<typeof requestFor>, extra: Record<string, string>) =>
  t.app.inject({
    method: req.method,
    url: req.url,
    headers: { ...(req.method === 'POST' ? { 'idempotency-key': randomUUID() } : {}), ...extra },
    ...(req.payload ? { payload: req.payload } : {}),
  });

beforeAll(async () => {
  t = await startTestApp();
  ({ headers } = await castRoles(t));
  await registerHub(t.store, 'AZ-01', [{ size: 'P' }, { size: 'P' }]);
  await registerHub(t.store, 'BZ-01', [{ size: 'P' }, { size: 'P' }], { private: true });
  await waitUntil(async () => (await t.db.query("SELECT 1 FROM rm_hubs WHERE id IN ('AZ-01', 'BZ-01')")).rowCount === 2);
  a = await createPartnerWithToken(t, { headers: headers.admin }, 'Parceiro A', ['AZ-01']);
  b = await createPartnerWithToken(t, { headers: headers.admin }, 'Parceiro B', ['BZ-01']);
  inactive = await createPartnerWithToken(t, { headers: headers.admin }, 'Parceiro Inativo', ['AZ-01']);
  for (const [p, hub] of [
    [a, 'AZ-01'],
    [b, 'BZ-01'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: `${V1}/reservations`,
      headers: { ...p.headers, 'idempotency-key': randomUUID() },
      payload: { hub_id: hub, size: 'P', ...windowFromNow(2), customer: { name: 'Cliente', phone: '11987654321' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    reservationOf[p.id] = res.json().id;
  }
  const off = await t.app.inject({
    method: 'PUT',
    url: `/api/partners/${inactive.id}`,
    headers: headers.admin,
    payload: { name: 'Parceiro Inativo', email: 'inativo@example.com', company_name: 'Inativo Ltda', is_active: false },
  });
  expect(off.statusCode, off.body).toBe(200);
  await waitUntil(async () => (await t.db.query('SELECT 1 FROM rm_partners WHERE id = $1 AND NOT is_active', [inactive.id])).rowCount === 1);
  await waitUntil(async () => (await t.db.query('SELECT 1 FROM rm_reservations WHERE partner_id IS NOT NULL')).rowCount === 2);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('who may call the partner API', () => {
  // The webhook routes under /api/partner/v1/webhooks have their own walk (webhooks-authorization).
  it('walks every route the app registers under /api/partner/v1 (webhooks apart)', () => {
    const walked = new Set(endpoints.map((e) => `${e.method} ${fastifyPath(e.path)}`));
    const registered = routesOf(t.app)
      .filter((r) => r.url.startsWith(`${V1}/`) && !r.url.startsWith(`${V1}/webhooks`) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((r) => !walked.has(r))).toEqual([]);
    expect([...walked].filter((w) => !registered.includes(w))).toEqual([]);
    expect(endpoints.every((e) => e.auth === 'partner')).toBe(true);
  });

  for (const e of endpoints) {
    it(`${e.method} ${e.path}: 401 without a valid active partner token, whoever's session it is`, async () => {
      const req = requestFor(e, a, 'AZ-01');
      const refusals: [string, Record<string, string>, string][] = [
        ['no token', {}, 'invalid_partner_token'],
        ['bad token', { authorization: 'Bearer hubp_invalido' }, 'invalid_partner_token'],
        ['inactive partner', inactive.headers, 'partner_inactive'],
        ...CALLERS.filter((c) => c !== 'visitor').map((c): [string, Record<string, string>, string] => [`${c}'s session`, headers[c], 'invalid_partner_token']),
      ];
      for (const [who, extra, code] of refusals) {
        const res = await send(req, extra);
        const where = `${e.method} ${req.url} with ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, where).toBe(401);
        expect(res.json().error.code, where).toBe(code);
        expect(errorShapeProblem(res, e.method), where).toBeNull();
      }
    });

    // The sandbox token route names no Hub or reservation: there is nothing of B's to reach.
    if (e === issueSandboxToken) continue;
    it(`${e.method} ${e.path}: partner A never reaches partner B's Hubs or reservations`, async () => {
      const res = await send(requestFor(e, b, 'BZ-01'), a.headers);
      const where = `${e.method} ${e.path}: ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.body, where).not.toContain(reservationOf[b.id]);
      expect(res.body, where).not.toContain('BZ-01');
      if (e.path.includes('{id}') || e.method === 'POST') {
        expect(res.statusCode, where).toBe(404);
        expect(errorShapeProblem(res, e.method), where).toBeNull();
        // The same answer as for a Hub or reservation that does not exist.
        const none = await send(requestFor(e, { ...b, id: 'ninguem' }, 'ZZ-99'), a.headers);
        expect(res.json(), where).toEqual(none.json());
      } else {
        expect(res.statusCode, where).toBe(200);
      }
      // A's own works on the same route.
      const own = await send(requestFor(e, a, 'AZ-01'), a.headers);
      expect(own.statusCode, `${e.method} ${e.path} as its owner: ${own.body.slice(0, 200)}`).toBeLessThan(300);
    });
  }

  it("leaves B's reservation untouched by A's cancel", async () => {
    const mine = await t.app.inject({ method: 'GET', url: `${V1}/reservations/${reservationOf[b.id]}`, headers: b.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().status).toBe('active');
  });
});
