// Issue 27 item 1, the audit-trail gap: a partner's own history (GET /api/partners/{id}/history)
// on real PostgreSQL. An admin creates, edits, deactivates a partner, adds a user and a Hub,
// generates both tokens and reactivates it; the partner registers a webhook with its token. The
// history tells each, newest first, with who did it, and never a token, hash or secret. Only
// admins read it. A POST /api/partners retried with its Idempotency-Key makes one partner, even
// when the kept answer is gone.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorShapeProblem } from '../support/error-shape.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
let ana: Awaited<ReturnType<typeof signUp>>;
let partnerId = '';
const secrets: string[] = [];

const body = { name: 'Aurora', email: 'historia@aurora.com.br', company_name: 'Aurora Ltda' };
const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, extra: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...admin.headers, ...extra }, ...(payload ? { payload } : {}) });
async function ok(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await asAdmin(method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}
const history = (headers: Record<string, string> = admin.headers, id = partnerId) =>
  t.app.inject({ method: 'GET', url: `/api/partners/${id}/history`, headers });

interface Entry {
  id: string;
  at: string;
  kind: string;
  actor: { id: string; name: string | null; role: string };
  description: string;
}

beforeAll(async () => {
  t = await startTestApp();
  await registerHub(t.store, 'PH-01', [{ size: 'P' }]);
  admin = await signUp(t, 'Maria Admin', 'admin');
  ana = await signUp(t, 'Ana Souza');
  await waitUntil(async () => (await t.db.query("SELECT 1 FROM rm_hubs WHERE id = 'PH-01'")).rowCount === 1);

  partnerId = (await ok('POST', '/api/partners', body)).id;
  await ok('PUT', `/api/partners/${partnerId}`, { ...body, phone: '11987654321' });
  await ok('PUT', `/api/partners/${partnerId}`, { ...body, phone: '11987654321', is_active: false });
  await ok('POST', `/api/partners/${partnerId}/users/${ana.id}`);
  await ok('POST', `/api/partners/${partnerId}/hubs/PH-01`);
  const live = (await ok('POST', `/api/partners/${partnerId}/generate-token`)).token as string;
  const sandbox = (await ok('POST', `/api/partners/${partnerId}/generate-sandbox-token`)).token as string;
  await ok('PUT', `/api/partners/${partnerId}`, { ...body, phone: '11987654321', is_active: true });
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/partner/v1/webhooks',
    headers: { authorization: `Bearer ${live}`, 'idempotency-key': 'history-hook-1' },
    payload: { url: 'https://aurora.example/hub', events: ['reservation.created', 'reservation.paid'] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');
  secrets.push(live, sandbox, sha(live), sha(sandbox), hook.json().secret as string);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("a partner's history", () => {
  it('tells every act newest first, with the actor named', async () => {
    const res = await history();
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json<Entry[]>();
    expect(entries.map((e) => [e.kind, e.description, e.actor.name, e.actor.role])).toEqual([
      ['webhook_registered', 'Webhook https://aurora.example/hub cadastrado', 'API de parceiros', 'partner_api'],
      ['partner_activated', 'Parceiro ativado', 'Maria Admin', 'admin'],
      ['sandbox_token_issued', 'Token de teste gerado', 'Maria Admin', 'admin'],
      ['token_issued', 'Token de API gerado', 'Maria Admin', 'admin'],
      ['hub_added', 'Hub PH-01 adicionado', 'Maria Admin', 'admin'],
      ['user_added', 'Usuário Ana Souza adicionado', 'Maria Admin', 'admin'],
      ['partner_deactivated', 'Parceiro desativado', 'Maria Admin', 'admin'],
      ['partner_changed', 'Parceiro: dados alterados (telefone)', 'Maria Admin', 'admin'],
      ['partner_registered', 'Parceiro cadastrado', 'Maria Admin', 'admin'],
    ]);
    const times = entries.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(entries.filter((e) => e.actor.role === 'admin').every((e) => e.actor.id === admin.id)).toBe(true);
  });

  it('never answers a token, its hash or a webhook secret', async () => {
    const res = await history();
    expect(secrets).toHaveLength(5);
    for (const secret of secrets) expect(res.body).not.toContain(secret);
    expect(res.body).not.toMatch(/hubp_|whsec_/);
  });

  it('is 404 for a partner that never existed', async () => {
    const res = await history(admin.headers, '6b0f2d4e-9a1c-4e7b-8f3d-2c5a7e9b1d08');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('is refused to a renter, a partner user (403) and a visitor (401)', async () => {
    // Ana became a partner account when added: her old session ended, so she signs in again.
    const { rows } = await t.db.query<{ email: string; role: string }>('SELECT email, role FROM users WHERE id = $1', [ana.id]);
    expect(rows[0]!.role).toBe('partner');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: rows[0]!.email, password: 'secret123' } });
    expect(login.statusCode, login.body).toBe(200);
    const renter = await signUp(t, 'Rita');
    for (const [who, headers, status] of [
      ['renter', renter.headers, 403],
      ['partner user', { authorization: `Bearer ${login.json().token}` }, 403],
      ['visitor', {}, 401],
    ] as const) {
      const res = await history(headers);
      expect(res.statusCode, who).toBe(status);
      expect(errorShapeProblem(res, 'GET'), who).toBeNull();
      expect(res.body, who).not.toContain('Aurora');
    }
  });
});

describe('POST /api/partners with an Idempotency-Key', () => {
  const again = { name: 'Boreal', email: 'boreal@example.com', company_name: 'Boreal Ltda' };
  const partnersNamed = async (email: string) => Number((await t.db.query('SELECT count(*) AS n FROM rm_partners WHERE email = $1', [email])).rows[0].n);

  it('a retry makes one partner and answers the same, replayed', async () => {
    const first = await asAdmin('POST', '/api/partners', again, { 'idempotency-key': 'create-boreal-1' });
    const retry = await asAdmin('POST', '/api/partners', again, { 'idempotency-key': 'create-boreal-1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await partnersNamed(again.email)).toBe(1);
  });

  it('a retry whose kept answer was lost still finds the partner its first attempt made', async () => {
    const payload = { ...again, email: 'boreal2@example.com' };
    const first = await asAdmin('POST', '/api/partners', payload, { 'idempotency-key': 'create-boreal-2' });
    expect(first.statusCode, first.body).toBe(201);
    // As if the process died between the append and recording the answer.
    await t.db.query("DELETE FROM idempotency_keys WHERE key = 'create-boreal-2'");
    const retry = await asAdmin('POST', '/api/partners', payload, { 'idempotency-key': 'create-boreal-2' });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json().id).toBe(first.json().id);
    expect(await partnersNamed(payload.email)).toBe(1);
    const registered = await history(admin.headers, first.json().id as string);
    expect(registered.json<Entry[]>().map((e) => e.kind)).toEqual(['partner_registered']);
  });
});
