// Issue 27 item 5: the partner sandbox on real PostgreSQL and Redis (the per-token rate limits are
// counted there). A partner makes its sandbox token with its live one; the sandbox token books,
// is paid as 'sandbox', reads its test code, cancels and lists on the simulated Hubs TESTE-01 and
// TESTE-02, every answer with "sandbox": true and Hub-Sandbox: true; nothing is appended to the
// event store, no rm_reservations row appears and no real Hub's availability moves. A sandbox
// token never sees the partner's real Hubs or reservations, a live token never sees sandbox ones;
// two bookings racing for the last free simulated locker: one wins; regenerating the sandbox token
// makes the old one 401 at once, and the live token goes on.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPartner } from '../support/partner-api.js';
import { createPartnerWithToken, putSettings } from '../support/partner-api.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow, windowStartingNow } from '../support/test-app.js';

let t: TestApp;
let redis: Redis;
const nameSpace = `test-partner-sandbox-${randomUUID()}:`;
let admin: Awaited<ReturnType<typeof signUp>>;
let aurora: TestPartner;
let sandbox: { token: string; headers: { authorization: string } };
const V1 = '/api/partner/v1';

const call = (h: { authorization: string }, method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
  t.app.inject({ method, url: `${V1}${url}`, headers: { ...h, ...(key ? { 'idempotency-key': key } : {}) }, ...(payload ? { payload } : {}) });

const booking = (over: object = {}) => ({
  hub_id: 'teste-01',
  size: 'M',
  ...windowFromNow(2),
  customer: { name: 'Beatriz Lima', email: 'beatriz@example.com' },
  ...over,
});

const count = async (sql: string, params: unknown[] = []) => Number((await t.db.query(sql, params)).rows[0].n);
const eventCount = () => count('SELECT count(*) AS n FROM events');

beforeAll(async () => {
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  t = await startTestApp({ rateLimitRedis: { client: redis, nameSpace } });
  await registerHub(t.store, 'PS-01', [
    { size: 'M', priceCents: 800 },
    { size: 'X', priceCents: 2000 },
  ]);
  admin = await signUp(t, 'Ada', 'admin');
  await waitUntil(async () => (await t.db.query("SELECT 1 FROM rm_hubs WHERE id = 'PS-01'")).rowCount === 1);
  aurora = await createPartnerWithToken(t, admin, 'Aurora', ['PS-01']);
}, 60_000);

afterAll(async () => {
  const keys = await redis.keys(`${nameSpace}*`);
  if (keys.length) await redis.del(...keys);
  await t?.close();
  redis.disconnect();
});

describe('the sandbox token', () => {
  it('is made by the partner with its live token (Idempotency-Key required), shown once, never by a sandbox token', async () => {
    expect((await call(aurora.headers, 'POST', '/sandbox-token')).json().error.code).toBe('idempotency_key_required');
    const res = await call(aurora.headers, 'POST', '/sandbox-token', undefined, randomUUID());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['hub-sandbox']).toBe('true');
    const token: string = res.json().token;
    expect(token).toMatch(/^hubp_test_[\w-]{43}$/);
    expect(res.json()).toEqual({ token, hint: token.slice(-4), sandbox: true });
    sandbox = { token, headers: { authorization: `Bearer ${token}` } };
    const again = await call(sandbox.headers, 'POST', '/sandbox-token', undefined, randomUUID());
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toEqual({ code: 'live_token_required', message: 'Use o token de produção para gerar o token de teste.' });
    expect(again.headers['hub-sandbox']).toBe('true');
    // Only its hash is kept: the token is in no table and no event.
    const dump = await t.db.query("SELECT data::text AS d FROM events WHERE type = 'PartnerSandboxTokenIssued'");
    expect(dump.rows.map((r) => r.d).join()).not.toContain(token);
    expect(await count('SELECT count(*) AS n FROM rm_partner_sandbox_tokens WHERE token_hash = $1', [token])).toBe(0);
  });

  it('sees the simulated Hubs only, marked sandbox; the live token sees the real ones only', async () => {
    const test = await call(sandbox.headers, 'GET', '/hubs');
    expect(test.statusCode, test.body).toBe(200);
    expect(test.headers['hub-sandbox']).toBe('true');
    expect(test.json().sandbox).toBe(true);
    expect(test.json().data.map((h: { id: string }) => h.id)).toEqual(['TESTE-01', 'TESTE-02']);
    expect(test.json().data[1].availability.X).toEqual({ total: 1, available: 1, price_per_hour: 1500 });
    const live = await call(aurora.headers, 'GET', '/hubs');
    expect(live.headers['hub-sandbox']).toBeUndefined();
    expect(live.json()).not.toHaveProperty('sandbox');
    expect(live.json().data.map((h: { id: string }) => h.id)).toEqual(['PS-01']);
    // A real Hub is no test Hub: booking it with the sandbox token is 404.
    const real = await call(sandbox.headers, 'POST', '/reservations', booking({ hub_id: 'PS-01' }), randomUUID());
    expect(real.statusCode).toBe(404);
    expect(real.json().error.code).toBe('hub_not_found');
  });
});

describe('a sandbox reservation', () => {
  it('books, is paid as sandbox, shows a test code in its window, cancels and lists, and writes nothing real', async () => {
    const eventsBefore = await eventCount();
    const realBefore = (await call(aurora.headers, 'GET', '/hubs')).json().data;
    const key = randomUUID();
    const made = await call(sandbox.headers, 'POST', '/reservations', booking({ ...windowStartingNow(2) }), key);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.headers['hub-sandbox']).toBe('true');
    const r = made.json();
    expect(r).toMatchObject({
      hub_id: 'TESTE-01',
      size: 'M',
      locker_number: 4,
      status: 'active',
      price: 1500, // 2 h × R$ 7,50
      price_per_hour: 750,
      payment_method: 'sandbox',
      customer: { name: 'Beatriz Lima', email: 'beatriz@example.com', phone: null },
      sandbox: true,
    });
    expect(r.paid_at).not.toBeNull();
    expect(r.access_code.code).toMatch(/^\d{6}$/);
    expect(r.access_code.expires_in).toBeGreaterThan(0);
    expect(r.access_code.expires_in).toBeLessThanOrEqual(300);

    // A retry with the same key answers the same and books nothing twice.
    const retry = await call(sandbox.headers, 'POST', '/reservations', booking({ ...windowStartingNow(2) }), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(r.id);
    expect(await count('SELECT count(*) AS n FROM sandbox_reservations')).toBe(1);

    const read = await call(sandbox.headers, 'GET', `/reservations/${r.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: r.id, status: 'active', sandbox: true, access_code: { code: r.access_code.code } });

    const cancelled = await call(sandbox.headers, 'POST', `/reservations/${r.id}/cancel`, undefined, randomUUID());
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: r.id, status: 'cancelled', sandbox: true });
    expect((await call(sandbox.headers, 'GET', `/reservations/${r.id}`)).json().access_code).toBeNull();

    const list = await call(sandbox.headers, 'GET', '/reservations?status=cancelled');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ sandbox: true, next_cursor: null });
    expect(list.json().data.map((x: { id: string }) => x.id)).toEqual([r.id]);

    // Nothing real: no event, no reservation row, the real Hub as it was.
    expect(await eventCount()).toBe(eventsBefore);
    expect(await count('SELECT count(*) AS n FROM rm_reservations')).toBe(0);
    expect((await call(aurora.headers, 'GET', '/hubs')).json().data).toEqual(realBefore);
  });

  it('refuses what a live booking refuses, with the same codes and messages', async () => {
    const tooLong = await call(sandbox.headers, 'POST', '/reservations', booking({ ...windowFromNow(49) }), randomUUID());
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toEqual({ code: 'too_long', message: 'A reserva pode durar no máximo 48 horas.' });
    const past = await call(
      sandbox.headers,
      'POST',
      '/reservations',
      booking({ start_time: '2020-01-01T10:00:00Z', end_time: '2020-01-01T11:00:00Z' }),
      randomUUID(),
    );
    expect(past.json().error.code).toBe('start_in_past');
  });

  it('lists newest first a page per cursor, filtered by Hub and customer', async () => {
    const ids: string[] = [];
    for (const [i, hub] of ['TESTE-02', 'TESTE-01', 'TESTE-02'].entries()) {
      const res = await call(
        sandbox.headers,
        'POST',
        '/reservations',
        booking({ hub_id: hub, size: 'P', ...windowFromNow(1, 3 + i), customer: { name: `Cliente ${i}`, email: `c${i}@example.com` } }),
        randomUUID(),
      );
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const first = (await call(sandbox.headers, 'GET', '/reservations?hub_id=teste-02&limit=1')).json();
    expect(first.data.map((x: { id: string }) => x.id)).toEqual([ids[2]]);
    const second = (await call(sandbox.headers, 'GET', `/reservations?hub_id=teste-02&limit=1&cursor=${first.next_cursor}`)).json();
    expect(second.data.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();
    const byEmail = (await call(sandbox.headers, 'GET', '/reservations?customer_email=C1@example.com')).json();
    expect(byEmail.data.map((x: { id: string }) => x.id)).toEqual([ids[1]]);
    expect((await call(sandbox.headers, 'GET', '/reservations?cursor=nope')).json().error.code).toBe('invalid_cursor');
  });
});

describe('live and sandbox never meet', () => {
  it('a sandbox token never reads a live reservation, a live token never a sandbox one', async () => {
    const live = await call(aurora.headers, 'POST', '/reservations', booking({ hub_id: 'PS-01', size: 'M' }), randomUUID());
    expect(live.statusCode, live.body).toBe(201);
    const test = await call(sandbox.headers, 'POST', '/reservations', booking({ size: 'G' }), randomUUID());
    expect(test.statusCode, test.body).toBe(201);
    expect((await call(sandbox.headers, 'GET', `/reservations/${live.json().id}`)).statusCode).toBe(404);
    expect((await call(sandbox.headers, 'POST', `/reservations/${live.json().id}/cancel`, undefined, randomUUID())).statusCode).toBe(404);
    expect((await call(aurora.headers, 'GET', `/reservations/${test.json().id}`)).statusCode).toBe(404);
    // The live list reads the read model, which may be a moment behind the booking's answer.
    const liveList = async () => (await call(aurora.headers, 'GET', '/reservations?limit=100')).json().data.map((x: { id: string }) => x.id) as string[];
    await waitUntil(async () => (await liveList()).length > 0);
    const liveIds = await liveList();
    const testIds = (await call(sandbox.headers, 'GET', '/reservations?limit=100')).json().data.map((x: { id: string }) => x.id);
    expect(liveIds).toEqual([live.json().id]);
    expect(testIds).toContain(test.json().id);
    expect(testIds).not.toContain(live.json().id);
  });

  it("another partner's sandbox is its own: Boreal's sandbox token sees none of Aurora's tests", async () => {
    const boreal = await createPartnerWithToken(t, admin, 'Boreal', []);
    const made = await t.app.inject({ method: 'POST', url: `/api/partners/${boreal.id}/generate-sandbox-token`, headers: admin.headers });
    expect(made.statusCode, made.body).toBe(200);
    const h = { authorization: `Bearer ${made.json().token}` };
    expect((await call(h, 'GET', '/reservations')).json().data).toEqual([]);
    const aurorasTest = (await call(sandbox.headers, 'GET', '/reservations?limit=1')).json().data[0].id;
    expect((await call(h, 'GET', `/reservations/${aurorasTest}`)).statusCode).toBe(404);
  });
});

describe('the last free simulated locker', () => {
  it('two bookings at once: one wins, the other is refused', async () => {
    const window = windowFromNow(1, 10);
    const race = await Promise.all(
      [1, 2].map(() => call(sandbox.headers, 'POST', '/reservations', booking({ hub_id: 'TESTE-02', size: 'X', ...window }), randomUUID())),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = race.find((r) => r.statusCode === 409)!;
    expect(refused.json().error).toEqual({ code: 'no_locker_available', message: 'Não há lockers disponíveis do tamanho X' });
    expect(await count("SELECT count(*) AS n FROM sandbox_reservations WHERE hub_id = 'TESTE-02' AND locker_size = 'X'")).toBe(1);
  });
});

describe('the settings in force', () => {
  it('hold a sandbox end customer to the reservation limit, with the live message', async () => {
    await putSettings(t, admin, { reservation_limit: 1 });
    const customer = { name: 'Davi Rocha', phone: '(21) 99876-5432' };
    const first = await call(sandbox.headers, 'POST', '/reservations', booking({ size: 'P', ...windowFromNow(1, 20), customer }), randomUUID());
    expect(first.statusCode, first.body).toBe(201);
    let second = undefined as unknown as Awaited<ReturnType<typeof call>>;
    await waitUntil(async () => {
      second = await call(sandbox.headers, 'POST', '/reservations', booking({ size: 'P', ...windowFromNow(1, 22), customer }), randomUUID());
      return second.statusCode === 409;
    });
    expect(second.json().error).toEqual({ code: 'reservation_limit', message: 'Este cliente atingiu o limite de 1 reserva ativa.' });
    const other = { name: 'Eva Luz', phone: '21998760000' };
    expect(
      (await call(sandbox.headers, 'POST', '/reservations', booking({ size: 'P', ...windowFromNow(1, 22), customer: other }), randomUUID())).statusCode,
    ).toBe(201);
    await putSettings(t, admin, { reservation_limit: 5 });
  });

  it('maintenance mode refuses sandbox bookings too, with its message', async () => {
    await putSettings(t, admin, { maintenance_mode: true });
    let res = undefined as unknown as Awaited<ReturnType<typeof call>>;
    await waitUntil(async () => {
      res = await call(sandbox.headers, 'POST', '/reservations', booking(windowFromNow(1, 24)), randomUUID());
      return res.statusCode === 409;
    });
    expect(res.json().error.code).toBe('maintenance_mode');
    expect(res.headers['hub-sandbox']).toBe('true');
    await putSettings(t, admin, { maintenance_mode: false });
  });
});

describe('regenerating the sandbox token', () => {
  it('makes the old one 401 at once; the live token goes on', async () => {
    expect((await call(sandbox.headers, 'GET', '/me')).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `/api/partners/${aurora.id}/generate-sandbox-token`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().partner).toMatchObject({ has_token: true, has_sandbox_token: true, sandbox_token_hint: res.json().token.slice(-4) });
    const old = await call(sandbox.headers, 'GET', '/hubs');
    expect(old.statusCode).toBe(401);
    expect(old.json().error.code).toBe('invalid_partner_token');
    expect((await call({ authorization: `Bearer ${res.json().token}` }, 'GET', '/hubs')).json().data[0].id).toBe('TESTE-01');
    expect((await call(aurora.headers, 'GET', '/me')).statusCode).toBe(200);
  });
});
