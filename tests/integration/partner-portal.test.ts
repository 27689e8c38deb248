// Issue 27 item 5: the partner's own 'Integração' page on real PostgreSQL. Who reaches
// /api/partner-portal (visitor 401; renter, staff, admin, a 'partner' account of no partner 403; a
// member partner user 200 with its own partner only, never another's), the tokens it generates
// (shown once, each kind replaced on its own, the old one 401 at once on the partner API), and the
// account's role following its membership: a renter added to a partner signs in as 'partner'
// (its old session ends), and is a renter again once removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorShapeProblem } from '../support/error-shape.js';
import { CALLERS, castRoles, type Caller } from '../support/role-cast.js';
import { signUp, startTestApp, waitUntil, type TestApp } from '../support/test-app.js';

let t: TestApp;
let headers: Record<Caller, Record<string, string>>;
let ids: Record<Caller, string>;
let aurora = '';
let boreal = '';
/** A renter added to Aurora: signs in again as 'partner'. */
let member: { id: string; email: string; headers: Record<string, string> };
/** Boreal's own partner user. */
let other: { headers: Record<string, string> };

const admin = () => headers.admin;
const signIn = async (email: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret123' } });
  expect(res.statusCode, res.body).toBe(200);
  return { headers: { authorization: `Bearer ${res.json().token}` }, role: res.json().user.role as string };
};
const partnerMe = (token: string) => t.app.inject({ method: 'GET', url: '/api/partner/v1/me', headers: { authorization: `Bearer ${token}` } });
const portal = (h: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/partner-portal/me', headers: h });
const issue = (h: Record<string, string>, kind: string) => t.app.inject({ method: 'POST', url: '/api/partner-portal/tokens', headers: h, payload: { kind } });

async function newPartner(name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/partners',
    headers: admin(),
    payload: { name, email: `${name.toLowerCase()}@example.com`, company_name: `${name} Ltda` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  ({ headers, ids } = await castRoles(t));
  aurora = await newPartner('Aurora');
  boreal = await newPartner('Boreal');
  // A renter, registered as anyone would, then added to Aurora by the admin.
  const email = `bia-${Date.now()}@example.com`;
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Bia', email, phone: '(11) 98765-4321', password: 'secret123' },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  member = { id: reg.json().user.id, email, headers: { authorization: `Bearer ${reg.json().token}` } };
  const added = await t.app.inject({ method: 'POST', url: `/api/partners/${aurora}/users/${member.id}`, headers: admin() });
  expect(added.statusCode, added.body).toBe(200);
  // Boreal's user: the cast's 'partner' account (role partner, no partner yet) added to Boreal.
  expect((await t.app.inject({ method: 'POST', url: `/api/partners/${boreal}/users/${ids.partner}`, headers: admin() })).statusCode).toBe(200);
  other = { headers: headers.partner };
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the account follows its partner membership', () => {
  it('a renter added to a partner is "partner" with its partner_id, and its old session ended', async () => {
    const { rows } = await t.db.query('SELECT role, partner_id FROM users WHERE id = $1', [member.id]);
    expect(rows[0]).toEqual({ role: 'partner', partner_id: aurora });
    // The renter's token ends with the role change, in every process once the notification lands.
    await waitUntil(async () => (await portal(member.headers)).statusCode === 401);
    const again = await signIn(member.email);
    expect(again.role).toBe('partner');
    member.headers = again.headers;
  });

  it('staff keep their role when added; a partner account of no partner is given that partner', async () => {
    const staff = await signUp(t, 'Lena', 'logistics');
    expect((await t.app.inject({ method: 'POST', url: `/api/partners/${aurora}/users/${staff.id}`, headers: admin() })).statusCode).toBe(200);
    expect((await t.db.query('SELECT role, partner_id FROM users WHERE id = $1', [staff.id])).rows[0]).toEqual({ role: 'logistics', partner_id: null });
    expect((await t.db.query('SELECT role, partner_id FROM users WHERE id = $1', [ids.partner])).rows[0]).toEqual({ role: 'partner', partner_id: boreal });
  });
});

describe('who reaches /api/partner-portal', () => {
  it('visitors 401; renters, staff, admins and partner accounts of no partner 403, as JSON', async () => {
    const loner = await signUp(t, 'Solo', 'partner');
    const cases: [string, Record<string, string>, number][] = [
      ...CALLERS.filter((c) => c !== 'partner').map((c): [string, Record<string, string>, number] => [c, headers[c], c === 'visitor' ? 401 : 403]),
      ['partner of none', loner.headers, 403],
    ];
    for (const [who, h, status] of cases) {
      for (const res of [await portal(h), await issue(h, 'sandbox')]) {
        expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
        expect(errorShapeProblem(res, 'GET'), who).toBeNull();
        expect(res.body, who).not.toContain('Aurora');
      }
    }
  });

  it("a member reads its own partner only: Aurora's user sees Aurora, Boreal's sees Boreal", async () => {
    const mine = await portal(member.headers);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({
      partner: { id: aurora, name: 'Aurora', is_active: true },
      live_token: { has_token: false, hint: null },
      sandbox_token: { has_token: false, hint: null },
      links: { api_reference: '/api/docs', openapi: '/api/openapi.json' },
    });
    expect(mine.json().sandbox_hubs.map((h: { id: string }) => h.id)).toEqual(['TESTE-01', 'TESTE-02']);
    const theirs = await portal(other.headers);
    expect(theirs.json().partner.id).toBe(boreal);
  });

  it('refuses a token kind it does not know', async () => {
    const res = await issue(member.headers, 'prod');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain("Escolha o token: 'live' ou 'sandbox'.");
  });
});

describe('tokens from the portal', () => {
  it('shows each token once; regenerating one kind revokes only that kind, at once', async () => {
    const live = await issue(member.headers, 'live');
    expect(live.statusCode, live.body).toBe(200);
    const liveToken: string = live.json().token;
    expect(liveToken).toMatch(/^hubp_(?!test_)/);
    const sandbox1 = (await issue(member.headers, 'sandbox')).json();
    expect(sandbox1.token).toMatch(/^hubp_test_[\w-]{43}$/);
    expect(sandbox1.me.sandbox_token).toMatchObject({ has_token: true, hint: sandbox1.token.slice(-4) });
    expect(sandbox1.me.live_token).toMatchObject({ has_token: true, hint: liveToken.slice(-4) });
    // Never again: the page's state has hints only.
    expect((await portal(member.headers)).body).not.toContain(sandbox1.token);

    expect((await partnerMe(sandbox1.token)).statusCode).toBe(200);
    const sandbox2 = (await issue(member.headers, 'sandbox')).json();
    expect((await partnerMe(sandbox1.token)).statusCode).toBe(401);
    expect((await partnerMe(sandbox2.token)).statusCode).toBe(200);
    expect((await partnerMe(liveToken)).statusCode).toBe(200);
    // The admin's page shows both tokens' state, and the event names the member as the actor.
    const adminView = (await t.app.inject({ method: 'GET', url: `/api/partners/${aurora}`, headers: admin() })).json();
    expect(adminView).toMatchObject({ has_token: true, has_sandbox_token: true, sandbox_token_hint: sandbox2.token.slice(-4) });
    const { rows } = await t.db.query("SELECT data FROM events WHERE type = 'PartnerSandboxTokenIssued' AND stream_id = $1", [`partner-${aurora}`]);
    expect(rows.map((r) => r.data.by)).toEqual([member.id, member.id]);
    expect(JSON.stringify(rows)).not.toContain(sandbox2.token);
  });
});

describe('removing the member', () => {
  it('makes the account a renter again, and the portal 403s it', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/partners/${aurora}/users/${member.id}`, headers: admin() })).statusCode).toBe(200);
    expect((await t.db.query('SELECT role, partner_id FROM users WHERE id = $1', [member.id])).rows[0]).toEqual({ role: 'user', partner_id: null });
    const again = await signIn(member.email);
    expect(again.role).toBe('user');
    expect((await portal(again.headers)).statusCode).toBe(403);
  });

  it('removing a partner makes its partner accounts renters', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/partners/${boreal}`, headers: admin() })).statusCode).toBe(204);
    expect((await t.db.query('SELECT role, partner_id FROM users WHERE id = $1', [ids.partner])).rows[0]).toEqual({ role: 'user', partner_id: null });
  });
});
