// Issue 27 items 1–2: partners through the admin API on real PostgreSQL: create, edit, search,
// users and Hubs (with the Hub's audit trail), delete; the API token answered once and stored only
// as its SHA-256 hash (the whole database is searched for it); regenerating makes the old token 401
// at once on another API process on the same database (a second app, no cache between them); an
// inactive partner's token is refused.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.js';
import { createTokenService } from '../../api/auth/tokens.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { createInProcessQueue } from '../../infra/queue/in-process.js';
import { createLocalDiskStorage } from '../../infra/storage/local-disk.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';

let t: TestApp;
let other: FastifyInstance;
let otherUploads: string;
let admin: Awaited<ReturnType<typeof signUp>>;
const CNPJ = '12.ABC.345/01DE-35';

const aurora = {
  name: 'Marina Costa',
  email: 'Contato@Aurora.com.br',
  phone: '(11) 98765-4321',
  cnpj: CNPJ,
  company_name: 'Condomínio Residencial Aurora',
  trading_name: 'Condomínio Aurora',
  postal_code: '04101-300',
  city: 'São Paulo',
  state: 'sp',
};

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
}
const me = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/partner/v1/me', headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  t = await startTestApp();
  await registerHub(t.store, 'PA-01', [{ size: 'P' }]);
  await registerHub(t.store, 'PA-02', [{ size: 'M' }]);
  admin = await signUp(t, 'Ada', 'admin');
  await waitUntil(async () => (await t.db.query("SELECT 1 FROM rm_hubs WHERE id IN ('PA-01', 'PA-02')")).rowCount === 2);
  // A second API process on the same database: its own caches, nothing shared but PostgreSQL.
  otherUploads = mkdtempSync(join(tmpdir(), 'hub-test-uploads-'));
  other = await buildApp({
    storage: createLocalDiskStorage(otherUploads),
    mailer: createMemoryMailer(),
    db: t.db,
    store: t.store,
    queue: createInProcessQueue(),
    tokens: createTokenService(randomBytes(32)),
    codeSecret: randomBytes(32).toString('hex'),
    clock: () => new Date(),
    maxReservationHours: 48,
    awaitProjections: async () => true,
  });
}, 60_000);

afterAll(async () => {
  await other?.close();
  await t?.close();
  if (otherUploads) rmSync(otherUploads, { recursive: true, force: true });
});

describe('partners', () => {
  let id = '';

  it('creates a partner with a new-format CNPJ, active, stored unmasked', async () => {
    const res = await call('POST', '/api/partners', aurora);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    id = body.id;
    expect(body).toMatchObject({
      name: 'Marina Costa',
      email: 'contato@aurora.com.br',
      phone: '(11) 98765-4321',
      cnpj: '12ABC34501DE35',
      postal_code: '04101300',
      state: 'SP',
      is_active: true,
      has_token: false,
      token_hint: null,
    });
    expect(body).not.toHaveProperty('api_token');
  });

  it('refuses the form errors with the spec messages', async () => {
    const cases: [object, string][] = [
      [{ ...aurora, name: '' }, 'Nome é obrigatório'],
      [{ ...aurora, email: 'x@' }, 'Email inválido'],
      [{ ...aurora, company_name: ' ' }, 'Nome da empresa é obrigatório'],
      [{ ...aurora, cnpj: '12.ABC.345/01DE-36' }, 'CNPJ inválido'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/partners', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
  });

  it('lists and searches by name, e-mail or company', async () => {
    const other = await call('POST', '/api/partners', { name: 'Rui', email: 'rui@entregas.com', company_name: 'Entregas Rápidas' });
    expect(other.statusCode).toBe(201);
    const names = async (search: string) =>
      (await call('GET', `/api/partners?search=${encodeURIComponent(search)}`)).json().map((p: { name: string }) => p.name);
    expect(await names('')).toEqual(['Marina Costa', 'Rui']);
    expect(await names('aurora')).toEqual(['Marina Costa']);
    expect(await names('ENTREGAS')).toEqual(['Rui']);
    expect(await names('rui@')).toEqual(['Rui']);
    expect(await names('%')).toEqual([]);
  });

  it('edits a partner; a missing one is "Parceiro não encontrado"', async () => {
    const res = await call('PUT', `/api/partners/${id}`, { ...aurora, trading_name: 'Aurora' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().trading_name).toBe('Aurora');
    const missing = await call('GET', '/api/partners/6b0f2d4e-9a1c-4e7b-8f3d-2c5a7e9b1d08');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Parceiro não encontrado');
  });

  it('assigns users and Hubs, and the Hub history says so', async () => {
    const carlos = await signUp(t, 'Carlos', 'logistics');
    let res = await call('POST', `/api/partners/${id}/users/${carlos.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((u: { name: string; role: string }) => [u.name, u.role])).toEqual([['Carlos', 'logistics']]);
    expect((await call('POST', `/api/partners/${id}/users/6b0f2d4e-9a1c-4e7b-8f3d-2c5a7e9b1d08`)).statusCode).toBe(404);
    for (const hub of ['PA-01', 'pa-02']) expect((await call('POST', `/api/partners/${id}/hubs/${hub}`)).statusCode).toBe(200);
    expect((await call('POST', `/api/partners/${id}/hubs/ZZ-99`)).statusCode).toBe(404);
    res = await call('GET', `/api/partners/${id}/hubs`);
    expect(res.json().map((h: { id: string }) => h.id)).toEqual(['PA-01', 'PA-02']);
    res = await call('DELETE', `/api/partners/${id}/hubs/PA-02`);
    expect(res.json().map((h: { id: string }) => h.id)).toEqual(['PA-01']);
    res = await call('DELETE', `/api/partners/${id}/users/${carlos.id}`);
    expect(res.json()).toEqual([]);
    expect((await call('GET', `/api/partners/${id}/users`)).json()).toEqual([]);

    await waitUntil(async () => (await t.db.query("SELECT 1 FROM rm_locker_history WHERE hub_id = 'PA-02' AND kind LIKE 'partner_%'")).rowCount === 2);
    const history = await call('GET', '/api/hubs/PA-02/history');
    expect(history.statusCode, history.body).toBe(200);
    const text = history.body;
    expect(text).toContain('Hub PA-02 atribuído ao parceiro \\"Marina Costa\\" por Ada.');
    expect(text).toContain('Hub PA-02 retirado do parceiro \\"Marina Costa\\" por Ada.');
  });

  it('answers the token once, keeps only its hash, and a new one revokes the old on another process at once', async () => {
    const first = await call('POST', `/api/partners/${id}/generate-token`);
    expect(first.statusCode, first.body).toBe(200);
    const token: string = first.json().token;
    expect(token).toMatch(/^hubp_[\w-]{43}$/);
    expect(first.json().partner).toMatchObject({ has_token: true, token_hint: token.slice(-4) });
    // Later reads never carry it.
    expect((await call('GET', `/api/partners/${id}`)).body).not.toContain(token);
    expect((await call('GET', '/api/partners')).body).not.toContain(token);
    // Nowhere in the database: not in the log, not in any table.
    const { rows: tables } = await t.db.query<{ t: string }>(
      "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    for (const { t: table } of tables) {
      const { rows } = await t.db.query(`SELECT 1 FROM "${table}" x WHERE x::text LIKE $1 LIMIT 1`, [`%${token}%`]);
      expect(rows, table).toHaveLength(0);
    }

    expect((await me(other, token)).json()).toEqual({ id, name: 'Marina Costa', company_name: 'Condomínio Residencial Aurora' });
    const second = await call('POST', `/api/partners/${id}/generate-token`);
    const next: string = second.json().token;
    expect(next).not.toBe(token);
    const old = await me(other, token);
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toEqual({ code: 'invalid_partner_token', message: 'Token de parceiro inválido ou revogado.' });
    expect((await me(other, next)).statusCode).toBe(200);
    expect((await me(other, '')).statusCode).toBe(401);

    // Deactivated: refused at once; active again: back.
    await call('PUT', `/api/partners/${id}`, { ...aurora, is_active: false });
    const inactive = await me(other, next);
    expect(inactive.statusCode).toBe(401);
    expect(inactive.json().error.code).toBe('partner_inactive');
    await call('PUT', `/api/partners/${id}`, { ...aurora, is_active: true });
    expect((await me(other, next)).statusCode).toBe(200);

    // Removed: its token goes with it.
    expect((await call('DELETE', `/api/partners/${id}`)).statusCode).toBe(204);
    expect((await me(other, next)).statusCode).toBe(401);
    expect((await call('GET', `/api/partners/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/partners/${id}`)).statusCode).toBe(404);
  });

  it('writes every change as an event with the actor', async () => {
    const { rows } = await t.db.query<{ type: string; actor: string }>(
      "SELECT type, metadata->'actor'->>'id' AS actor FROM events WHERE stream_id LIKE 'partner-%' ORDER BY seq",
    );
    expect(new Set(rows.map((r) => r.type))).toEqual(
      new Set([
        'PartnerRegistered',
        'PartnerChanged',
        'PartnerUserAdded',
        'PartnerUserRemoved',
        'PartnerHubAdded',
        'PartnerHubRemoved',
        'PartnerTokenIssued',
        'PartnerRemoved',
      ]),
    );
    expect(new Set(rows.map((r) => r.actor))).toEqual(new Set([admin.id]));
  });
});
