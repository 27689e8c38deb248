// Who may call the webhook routes (issue 27 item 4). Dashboard routes (/api/partners/{id}/webhooks…):
// admins and the partner's own users; a visitor 401; every other account 403, a member of another
// partner included. Partner API routes (/api/partner/v1/webhooks…): only the partner's token; no
// token or a user's access token 401; an inactive partner 401; another partner's endpoint 404
// (never read or changed); API access off in the settings 403 api_access_disabled.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../api/http/route-catalog.js';
import { errorShapeProblem } from '../support/error-shape.js';
import { CALLERS, castRoles, type Caller } from '../support/role-cast.js';
import { signUp, startTestApp, waitUntil, type TestApp } from '../support/test-app.js';
import type { WebhookPartner } from '../support/webhook-partner.js';
import { makePartner, partnerBooking, partnerHub } from '../support/webhook-partner.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Walk {
  method: Method;
  route: string;
  url: (partnerId: string, webhookId: string, deliveryId: string) => string;
  payload?: object;
}

const URL_BODY = { url: 'https://parceiro.example.com/hooks', events: ['reservation.created'] };
const dashboard: Walk[] = [
  { method: 'GET', route: '/api/partners/:id/webhooks', url: (p) => `/api/partners/${p}/webhooks` },
  { method: 'POST', route: '/api/partners/:id/webhooks', url: (p) => `/api/partners/${p}/webhooks`, payload: URL_BODY },
  {
    method: 'PATCH',
    route: '/api/partners/:id/webhooks/:webhookId',
    url: (p, w) => `/api/partners/${p}/webhooks/${w}`,
    payload: { events: ['reservation.paid'] },
  },
  { method: 'GET', route: '/api/partners/:id/webhooks/:webhookId/deliveries', url: (p, w) => `/api/partners/${p}/webhooks/${w}/deliveries` },
  {
    method: 'POST',
    route: '/api/partners/:id/webhooks/:webhookId/deliveries/:deliveryId/replay',
    url: (p, w, d) => `/api/partners/${p}/webhooks/${w}/deliveries/${d}/replay`,
  },
  // Last: it removes the endpoint the others use (each caller's turn removes a fresh one).
  { method: 'DELETE', route: '/api/partners/:id/webhooks/:webhookId', url: (p, w) => `/api/partners/${p}/webhooks/${w}` },
];
const partnerApi: Walk[] = [
  { method: 'GET', route: '/api/partner/v1/webhooks', url: () => '/api/partner/v1/webhooks' },
  { method: 'POST', route: '/api/partner/v1/webhooks', url: () => '/api/partner/v1/webhooks', payload: URL_BODY },
  { method: 'PATCH', route: '/api/partner/v1/webhooks/:id', url: (_p, w) => `/api/partner/v1/webhooks/${w}`, payload: { paused: true } },
  { method: 'POST', route: '/api/partner/v1/webhooks/:id/rotate-secret', url: (_p, w) => `/api/partner/v1/webhooks/${w}/rotate-secret` },
  { method: 'GET', route: '/api/partner/v1/webhooks/:id/deliveries', url: (_p, w) => `/api/partner/v1/webhooks/${w}/deliveries` },
  {
    method: 'POST',
    route: '/api/partner/v1/webhooks/:id/deliveries/:deliveryId/replay',
    url: (_p, w, d) => `/api/partner/v1/webhooks/${w}/deliveries/${d}/replay`,
  },
  { method: 'DELETE', route: '/api/partner/v1/webhooks/:id', url: (_p, w) => `/api/partner/v1/webhooks/${w}` },
];

let t: TestApp;
let headers: Record<Caller, Record<string, string>>;
let ids: Record<Caller, string>;
let a: WebhookPartner;
let b: WebhookPartner;
let outsider: { headers: Record<string, string> };
let memberOfB: { headers: Record<string, string> };

/** A's only endpoint (the others removed: at most 10 per partner), with one delivery row. */
async function endpointOfA(): Promise<{ webhookId: string; deliveryId: string }> {
  const listed = await t.app.inject({ method: 'GET', url: `/api/partners/${a.id}/webhooks`, headers: headers.admin });
  for (const { id } of listed.json<{ id: string }[]>()) {
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/partners/${a.id}/webhooks/${id}`, headers: headers.admin });
    expect(gone.statusCode).toBe(204);
  }
  const made = await t.app.inject({ method: 'POST', url: `/api/partners/${a.id}/webhooks`, headers: headers.admin, payload: URL_BODY });
  expect(made.statusCode, made.body).toBe(201);
  const webhookId = made.json().id as string;
  await partnerBooking(t, a.id, { hubId: 'WA-01', lockerId: lockerId });
  let deliveryId = '';
  await waitUntil(async () => {
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM webhook_deliveries WHERE endpoint_id = $1', [webhookId]);
    deliveryId = rows[0]?.id ?? '';
    return deliveryId !== '';
  });
  return { webhookId, deliveryId };
}
let lockerId = '';

beforeAll(async () => {
  t = await startTestApp();
  ({ headers, ids } = await castRoles(t));
  ({ lockerId } = await partnerHub(t, 'WA-01'));
  const admin = { headers: headers.admin };
  a = await makePartner(t, admin, 'Alfa');
  b = await makePartner(t, admin, 'Beta');
  // The cast's partner-role user is one of A's users; another partner-role account is one of B's.
  const joined = await t.app.inject({ method: 'POST', url: `/api/partners/${a.id}/users/${ids.partner}`, headers: headers.admin });
  expect(joined.statusCode, joined.body).toBeLessThan(300);
  const bUser = await signUp(t, 'Bete', 'partner');
  const joinedB = await t.app.inject({ method: 'POST', url: `/api/partners/${b.id}/users/${bUser.id}`, headers: headers.admin });
  expect(joinedB.statusCode, joinedB.body).toBeLessThan(300);
  memberOfB = bUser;
  outsider = await signUp(t, 'Otto', 'partner');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('webhook routes', () => {
  it('walks every webhook route the app registers', () => {
    const walked = new Set([...dashboard, ...partnerApi].map((w) => `${w.method} ${w.route}`));
    const registered = routesOf(t.app)
      .filter((r) => r.url.includes('/webhooks') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((r) => !walked.has(r))).toEqual([]);
    expect([...walked].filter((w) => !registered.includes(w))).toEqual([]);
  });

  for (const walk of dashboard) {
    it(`${walk.method} ${walk.route}: admins and the partner's users only`, async () => {
      let { webhookId, deliveryId } = await endpointOfA();
      for (const caller of [...CALLERS, 'memberOfB', 'outsider'] as const) {
        const who = caller === 'memberOfB' ? memberOfB.headers : caller === 'outsider' ? outsider.headers : headers[caller];
        const res = await t.app.inject({
          method: walk.method,
          url: walk.url(a.id, webhookId, deliveryId),
          headers: who,
          ...(walk.payload ? { payload: walk.payload } : {}),
        });
        const where = `${walk.method} ${walk.route} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (caller === 'admin' || caller === 'partner') {
          expect(res.statusCode, where).toBeLessThan(300);
          if (walk.method === 'DELETE') ({ webhookId, deliveryId } = await endpointOfA());
        } else {
          expect(res.statusCode, where).toBe(caller === 'visitor' ? 401 : 403);
          expect(errorShapeProblem(res, walk.method), where).toBeNull();
        }
      }
    });
  }

  it("a member of A reaches A's webhooks only, not another partner's", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/partners/${b.id}/webhooks`, headers: headers.partner });
    expect(res.statusCode).toBe(403);
  });

  for (const walk of partnerApi) {
    it(`${walk.method} ${walk.route}: only the owner's token`, async () => {
      const { webhookId, deliveryId } = await endpointOfA();
      const url = walk.url(a.id, webhookId, deliveryId);
      const send = (h: Record<string, string>) =>
        t.app.inject({
          method: walk.method,
          url,
          headers: walk.method === 'GET' ? h : { ...h, 'idempotency-key': randomUUID() },
          ...(walk.payload ? { payload: walk.payload } : {}),
        });
      for (const caller of CALLERS) {
        const res = await send(headers[caller]);
        expect(res.statusCode, `${caller}: ${res.body}`).toBe(401);
        expect(errorShapeProblem(res, walk.method)).toBeNull();
      }
      if (walk.route.includes(':id')) {
        const other = await send(b.headers);
        expect(other.statusCode, other.body).toBe(404);
        expect(other.json().error.code).toBe('webhook_not_found');
      }
      const own = await send(a.headers);
      expect(own.statusCode, own.body).toBeLessThan(300);
    });
  }

  it("B's changes never touch A's endpoints, and B's list never shows them", async () => {
    const { webhookId } = await endpointOfA();
    const list = await t.app.inject({ method: 'GET', url: '/api/partner/v1/webhooks', headers: b.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(webhookId);
    const still = await t.app.inject({ method: 'GET', url: `/api/partners/${a.id}/webhooks`, headers: headers.admin });
    expect(still.json().map((e: { id: string }) => e.id)).toContain(webhookId);
  });

  it('refuses an inactive partner and, with API access off, every partner', async () => {
    const off = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: headers.admin, payload: { api_access_enabled: false } });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/partner/v1/webhooks', headers: a.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'api_access_disabled', message: 'O acesso à API de parceiros está desativado pelo administrador.' });
      // The dashboard is not the partner API: admins still manage webhooks.
      expect((await t.app.inject({ method: 'GET', url: `/api/partners/${a.id}/webhooks`, headers: headers.admin })).statusCode).toBe(200);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/settings', headers: headers.admin, payload: { api_access_enabled: true } });
    }
    const partner = (await t.app.inject({ method: 'GET', url: `/api/partners/${b.id}`, headers: headers.admin })).json();
    const { id: _id, has_token: _h, token_hint: _t, token_issued_at: _i, created_at: _c, updated_at: _u, ...details } = partner;
    const inactive = await t.app.inject({ method: 'PUT', url: `/api/partners/${b.id}`, headers: headers.admin, payload: { ...details, is_active: false } });
    expect(inactive.statusCode, inactive.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/partner/v1/webhooks', headers: b.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('partner_inactive');
  });

  it("refuses the partner's sandbox token: a test token never reads or changes real endpoints", async () => {
    const issued = await t.app.inject({ method: 'POST', url: `/api/partners/${a.id}/generate-sandbox-token`, headers: headers.admin });
    expect(issued.statusCode, issued.body).toBe(200);
    const sandbox = { authorization: `Bearer ${issued.json().token as string}` };
    const { webhookId } = await endpointOfA();
    for (const walk of partnerApi) {
      const url = walk.url(a.id, webhookId, randomUUID());
      const h = walk.method === 'GET' ? sandbox : { ...sandbox, 'idempotency-key': randomUUID() };
      const res = await t.app.inject({ method: walk.method, url, headers: h, ...(walk.payload ? { payload: walk.payload } : {}) });
      expect(res.statusCode, `${walk.method} ${walk.route}: ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('live_token_required');
    }
    const still = await t.app.inject({ method: 'GET', url: `/api/partners/${a.id}/webhooks`, headers: headers.admin });
    expect(still.json().map((e: { id: string }) => e.id)).toContain(webhookId);
  });

  it('a removed endpoint is gone for its owner too', async () => {
    const { webhookId } = await endpointOfA();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/partner/v1/webhooks/${webhookId}`, headers: { ...a.headers, 'idempotency-key': randomUUID() } }))
        .statusCode,
    ).toBe(204);
    const again = await t.app.inject({ method: 'GET', url: `/api/partner/v1/webhooks/${webhookId}/deliveries`, headers: a.headers });
    expect(again.statusCode).toBe(404);
  });
});
