// The Hub door-controller API (docs/logistics-api.md, ADR 0008) and the terminal that plays it:
// signature, replay, idempotency by request_id, the failure limits, which codes never open, roles
// and bad input, against real PostgreSQL (and Redis for the shared replay store).
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controllerSignature, signedHeaders } from '../../api/controller/controller-signature.js';
import { press as pressFromShell } from '../../api/controller/terminal-client.js';
import { hashPickupCodeForDoor } from '../../commands/door-code-hashes.js';
import { openDoor } from '../../commands/open-door.js';
import { createPostgresReplayStore, createRedisReplayStore } from '../../infra/replay/replay-store.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowStartingNow } from '../support/test-app.js';
import { assignStaff } from '../support/staff.js';

type Account = Awaited<ReturnType<typeof signUp>>;
const SECRET = 'SECRET1234'; // registerHub's secret key
const REFUSED = 'Código inválido ou expirado.';

describe('door-controller API', () => {
  let t: TestApp;
  let admin: Account;

  const path = (hubId: string) => `/api/otp/validate/${hubId}`;
  const validate = (hubId: string, body: Record<string, unknown>, opts: { secret?: string; at?: number } = {}) => {
    const raw = JSON.stringify(body);
    const headers = signedHeaders(opts.secret ?? SECRET, path(hubId), raw, opts.at ?? t.clock.read().getTime());
    return t.app.inject({ method: 'POST', url: path(hubId), headers, payload: raw });
  };
  const attempt = (hubId: string, code: string, requestId = randomUUID()) => validate(hubId, { code, request_id: requestId });
  const wrongCode = (right: string) => (right === '999999' ? '999998' : '999999');

  // Sign-ups are rate-limited per address: a few renters take turns (5 open bookings each).
  let renters: Account[] = [];
  let turn = 0;
  const nextRenter = () => renters[turn++ % renters.length]!;

  /**
   * A paid reservation at the Hub, in its window (codes open only inside it), and its live code
   * (the one the booking answered). Each takes a free P locker of the Hub.
   */
  async function liveCode(hubId: string) {
    const renter = nextRenter();
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: hubId, size: 'P', ...windowStartingNow(1) },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const body = booked.json();
    const paid = await t.app.inject({ method: 'POST', url: `/api/reservations/${body.id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
    expect(paid.statusCode).toBe(200);
    expect(body.access_code).toMatch(/^\d{6}$/);
    return { id: body.id as string, code: body.access_code as string, order: body.locker.order_number as number, renter };
  }
  const countOf = async (type: string, streamId: string) =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE type = $1 AND stream_id = $2', [type, streamId])).rows[0]!.n;
  const doorStream = (hubId: string) => `hub-doors-${hubId}-${new Date().toISOString().slice(0, 10)}`;

  beforeAll(async () => {
    t = await startTestApp();
    for (const hubId of ['CT-01', 'CT-02', 'CT-03', 'CT-04', 'CT-05', 'CT-06'])
      await registerHub(t.store, hubId, [{ size: 'P' }, { size: 'P' }, { size: 'P' }]);
    admin = await signUp(t, 'Chefe', 'admin');
    renters = [await signUp(t, 'Ana'), await signUp(t, 'Bruno'), await signUp(t, 'Carla')];
  });
  afterAll(async () => t?.close());

  it('opens the locker for a live code and answers a retried request_id the same, with one DoorOpened', async () => {
    const { id, code, renter } = await liveCode('CT-01');
    const requestId = randomUUID();
    const first = await attempt('CT-01', code, requestId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ lockerInterface: 'LK-31:01', lockerOrder: 1, reservationId: id });
    // A retry is signed again (a new timestamp), so it is not a replay; it opens nothing twice.
    const retry = await validate('CT-01', { code, request_id: requestId }, { at: Date.now() + 1000 });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await countOf('DoorOpened', `reservation-${id}`)).toBe(1);
    expect(await countOf('DoorOpened', doorStream('CT-01'))).toBe(1);
    // The reservation's own life goes on after a door opened (its fold knows DoorOpened).
    const fresh = await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/access-code`, headers: renter.headers });
    expect(fresh.statusCode).toBe(200);
  });

  it('the same request_id sent by two processes at once opens once; both get the same locker', async () => {
    const { id, code } = await liveCode('CT-01');
    const requestId = randomUUID();
    const answers = await Promise.all([0, 1000, 2000].map((skew) => validate('CT-01', { code, request_id: requestId }, { at: Date.now() - skew })));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(await countOf('DoorOpened', `reservation-${id}`)).toBe(1);
  });

  it('refuses a bad signature, a stale timestamp, a replayed request and missing headers with 401, recording nothing', async () => {
    const { code } = await liveCode('CT-02');
    const body = { code, request_id: randomUUID() };
    const bad = await validate('CT-02', body, { secret: 'WRONG-SECRET' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe('bad_signature');
    const stale = await validate('CT-02', body, { at: Date.now() - 61_000 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error).toEqual({ code: 'stale_timestamp', message: 'Horário da requisição fora da janela de 60 segundos.' });
    const early = await validate('CT-02', body, { at: Date.now() + 61_000 });
    expect(early.statusCode).toBe(401);
    const none = await t.app.inject({ method: 'POST', url: path('CT-02'), headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect(none.statusCode).toBe(401);
    expect(await countOf('DoorOpened', doorStream('CT-02'))).toBe(0);

    // The same bytes again (a captured request): refused even though its request_id opened.
    const raw = JSON.stringify(body);
    const headers = signedHeaders(SECRET, path('CT-02'), raw, Date.now());
    const once = await t.app.inject({ method: 'POST', url: path('CT-02'), headers, payload: raw });
    expect(once.statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'POST', url: path('CT-02'), headers, payload: raw });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toEqual({ code: 'replayed', message: 'Requisição repetida: assine de novo com um novo horário.' });
    // A body changed under a valid signature is a bad signature.
    const forged = await t.app.inject({ method: 'POST', url: path('CT-02'), headers, payload: raw.replace(code, wrongCode(code)) });
    expect(forged.json().error.code).toBe('bad_signature');
    expect(await countOf('DoorOpened', doorStream('CT-02'))).toBe(1);
  });

  it('the 5th wrong code at a Hub invalidates its live code, which no longer opens', async () => {
    const { id, code } = await liveCode('CT-03');
    for (let i = 1; i <= 5; i++) {
      const res = await attempt('CT-03', wrongCode(code));
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'invalid_code', message: REFUSED });
      expect(await countOf('CodeInvalidated', `reservation-${id}`)).toBe(i === 5 ? 1 : 0);
    }
    const right = await attempt('CT-03', code);
    expect(right.statusCode).toBe(403);
    expect(await countOf('DoorOpened', `reservation-${id}`)).toBe(0);
    expect(await countOf('DoorCodeRefused', doorStream('CT-03'))).toBe(6);
  });

  it('the 11th failure in a minute gets 429 with Retry-After, even for a right code', async () => {
    const { code } = await liveCode('CT-04');
    const hub = 'CT-05'; // no live code here: refusals only count
    for (let i = 0; i < 10; i++) expect((await attempt(hub, '000000')).statusCode).toBe(403);
    const limited = await attempt(hub, '000000');
    expect(limited.statusCode).toBe(429);
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(limited.json().error.code).toBe('too_many_failures');
    expect(limited.json().error.message).toMatch(/^Muitas tentativas erradas neste Hub/);
    // Another Hub is not limited by this one.
    expect((await attempt('CT-04', code)).statusCode).toBe(200);
    // A minute later the window is clear again.
    t.clock.now = new Date(Date.now() + 61_000);
    try {
      expect((await attempt(hub, '000000')).statusCode).toBe(403);
    } finally {
      t.clock.now = null;
    }
  });

  it('an expired, an unpaid, a cancelled and a rotated-out code never open', async () => {
    const hub = 'CT-06';
    const expired = await liveCode(hub);
    t.clock.now = new Date(Date.now() + 301_000);
    try {
      expect((await attempt(hub, expired.code)).statusCode).toBe(403);
    } finally {
      t.clock.now = null;
    }

    const renter = nextRenter();
    const unpaid = (
      await t.app.inject({
        method: 'POST',
        url: '/api/reservations/by-size',
        headers: renter.headers,
        payload: { hub_id: hub, size: 'P', ...windowStartingNow(1) },
      })
    ).json();
    expect(unpaid.access_code).toMatch(/^\d{6}$/);
    expect((await attempt(hub, unpaid.access_code)).statusCode).toBe(403);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/reservations/${unpaid.id}/cancel`, headers: renter.headers });
    expect(cancelled.statusCode).toBe(200);
    expect((await attempt(hub, unpaid.access_code)).statusCode).toBe(403);

    const rotated = await liveCode(hub);
    const fresh = await t.app.inject({ method: 'POST', url: `/api/reservations/${rotated.id}/access-code`, headers: rotated.renter.headers });
    expect(fresh.statusCode).toBe(200);
    expect((await attempt(hub, rotated.code)).statusCode).toBe(403);
    const opened = await attempt(hub, fresh.json().code);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().reservationId).toBe(rotated.id);
  });

  it('once left for pickup the renter code stops and the pickup code opens (a pickup DoorOpened), until it is replaced', async () => {
    // The command itself, with a secret of its own (the test app's is not exposed).
    const deps = { db: t.db, store: t.store, codeSecret: 'pickup-test-secret' };
    const tryCode = (c: string) =>
      openDoor(
        deps,
        { hubId: 'CT-06', requestId: randomUUID(), code: c, lockerOrders: new Map() },
        { actor: { id: 'controller:CT-06', role: 'controller' }, correlationId: randomUUID(), now: new Date() },
      );
    const { id, code } = await liveCode('CT-06');
    const stream = `reservation-${id}`;
    const version = (await t.store.readStream(stream)).length;
    const now = new Date();
    const meta = { actor: { id: 'test', role: 'system' }, correlationId: randomUUID(), causationId: null, at: now.toISOString() };
    const pickup = (c: string) => ({
      id: randomUUID(),
      type: 'PickupCodeIssued',
      metadata: meta,
      data: {
        reservationId: id,
        userId: admin.id,
        codeHash: hashPickupCodeForDoor(deps.codeSecret, id, c),
        issuedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + 300_000).toISOString(),
      },
    });
    await t.store.append(
      stream,
      [
        { id: randomUUID(), type: 'LeftForPickup', data: { reservationId: id, at: now.toISOString() }, metadata: meta },
        { id: randomUUID(), type: 'PickupClaimed', data: { reservationId: id, userId: admin.id, at: now.toISOString() }, metadata: meta },
        pickup('424242'),
      ],
      version,
    );
    await waitUntil(async () => (await t.db.query("SELECT 1 FROM rm_reservations WHERE id = $1 AND status = 'awaiting_pickup'", [id])).rows.length > 0);
    expect(await tryCode(code)).toEqual({ kind: 'refused', reason: 'invalid_code' });
    expect((await tryCode('424242')).kind).toBe('opened');
    await t.store.append(stream, [pickup('515151')], version + 4);
    expect(await tryCode('424242')).toEqual({ kind: 'refused', reason: 'invalid_code' });
    expect(await tryCode('515151')).toMatchObject({ kind: 'opened', reservationId: id, codeKind: 'pickup' });
    const events = await t.store.readStream(stream);
    expect(events.filter((e) => e.type === 'DoorOpened').map((e) => (e.data as { codeKind: string }).codeKind)).toEqual(['pickup', 'pickup']);
  });

  it('the terminal signs on the server for admins and assigned logistics staff; others get 403', async () => {
    const { id, code, order } = await liveCode('CT-01');
    const press = (who: Account | null, hubId: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/terminal/${hubId}/press`, headers: who?.headers ?? {}, payload: payload as object });
    const opened = await press(admin, 'CT-01', { code });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ lockerInterface: `LK-31:0${order}`, lockerOrder: order, reservationId: id });
    expect(JSON.stringify(opened.json())).not.toContain(SECRET);

    const staff = await signUp(t, 'Logistica', 'logistics');
    const notAssigned = await press(staff, 'CT-01', { code });
    expect(notAssigned.statusCode).toBe(403);
    expect(notAssigned.json().error.message).toBe('Você não atende este Hub.');
    await assignStaff(t, staff.id, ['CT-01']);
    const refused = await press(staff, 'CT-01', { code: wrongCode(code) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'invalid_code', message: REFUSED });

    const renter = nextRenter();
    expect((await press(renter, 'CT-01', { code })).statusCode).toBe(403);
    expect((await press(null, 'CT-01', { code })).statusCode).toBe(401);
  });

  it('the shell terminal (npm run terminal) signs, calls a running API and prints the door or the refusal', async () => {
    const { code } = await liveCode('CT-02');
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const target = { baseUrl, hubId: 'CT-02', secret: SECRET };
    expect(await pressFromShell(target, wrongCode(code))).toBe(`Recusado (403): ${REFUSED}`);
    expect(await pressFromShell({ ...target, secret: 'WRONG' }, code)).toBe('Recusado (401): Assinatura inválida.');
    expect(await pressFromShell(target, code)).toMatch(/^Abrir porta 0[1-3]$/);
  });

  it('bad input on both routes is a JSON 4xx in pt-BR, never a 5xx', async () => {
    const signedRaw = (hubId: string, raw: string) =>
      t.app.inject({ method: 'POST', url: path(hubId), headers: signedHeaders(SECRET, path(hubId), raw, Date.now()), payload: raw });
    const cases = [
      await validate('NO-SUCH-HUB', { code: '123456', request_id: randomUUID() }),
      await validate('bad%20id', { code: '123456', request_id: randomUUID() }),
      await signedRaw('CT-01', '{not json'),
      await signedRaw('CT-01', JSON.stringify({ code: '123456' })),
      await signedRaw('CT-01', JSON.stringify({ code: 123456, request_id: randomUUID() })),
      await signedRaw('CT-01', JSON.stringify({ code: '1'.repeat(100), request_id: 'x' })),
      await t.app.inject({ method: 'POST', url: path('CT-01'), headers: { 'content-type': 'text/plain', 'x-hub-timestamp': 'x' }, payload: 'hi' }),
      await t.app.inject({
        method: 'POST',
        url: path('CT-01'),
        headers: { 'content-type': 'application/json', 'x-hub-timestamp': String(Math.floor(Date.now() / 1000)), 'x-hub-signature': 'sha256=zz' },
        payload: '{}',
      }),
      await t.app.inject({ method: 'POST', url: '/api/terminal/CT-01/press', headers: admin.headers, payload: { code: 7 } }),
      await t.app.inject({ method: 'POST', url: '/api/terminal/CT-01/press', headers: admin.headers, payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/terminal/NO-SUCH-HUB/press', headers: admin.headers, payload: { code: '123456' } }),
      await t.app.inject({ method: 'POST', url: '/api/terminal/a%20b/press', headers: admin.headers, payload: { code: '123456' } }),
    ];
    const statuses = cases.map((res) => res.statusCode);
    expect(statuses).toEqual([404, 400, 400, 400, 400, 400, 415, 401, 400, 400, 404, 400]);
    for (const res of cases) {
      const error = res.json().error;
      expect(typeof error.code).toBe('string');
      expect(error.message).toMatch(/[a-zà-ú]/i);
      expect(error.message).not.toMatch(/\b(the|must|invalid|expected|required)\b/i);
    }
  });

  it('the signature is the documented HMAC (the ADR example)', () => {
    const raw = '{"code":"123456","request_id":"0b5e3f7a-2d1c-4e8b-9f60-7a1d2c3b4e5f"}';
    expect(controllerSignature('SECRET1234', 'POST', '/api/otp/validate/LK-0001', '1764064800', raw)).toBe(
      controllerSignature('SECRET1234', 'post', '/api/otp/validate/LK-0001', '1764064800', Buffer.from(raw)),
    );
    expect(controllerSignature('SECRET1234', 'POST', '/api/otp/validate/LK-0001', '1764064800', raw)).toBe(ADR_EXAMPLE_SIGNATURE);
  });

  it('seen signatures are shared: the PostgreSQL table and Redis both refuse the second sight, and forget after the TTL', async () => {
    const now = new Date();
    const pg = createPostgresReplayStore(t.db);
    const key = `CT-01:${randomUUID()}`;
    expect(await pg.firstSeen(key, 120, now)).toBe(true);
    expect(await createPostgresReplayStore(t.db).firstSeen(key, 120, now)).toBe(false); // another process
    expect(await pg.firstSeen(key, 120, new Date(now.getTime() + 121_000))).toBe(true);

    const redis = createRedisReplayStore(new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 }));
    const other = createRedisReplayStore(new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 }));
    try {
      expect(await redis.firstSeen(key, 2, now)).toBe(true);
      expect(await other.firstSeen(key, 2, now)).toBe(false);
    } finally {
      await redis.close();
      await other.close();
    }
  });
});

// Worked example of docs/adr/0008-door-controller-protocol.md.
const ADR_EXAMPLE_SIGNATURE = '3bc636175db681753cdcbceaf29d8c91312e14d0c881fa3064b75a67f14cfef4';
