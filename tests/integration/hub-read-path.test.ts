// The Hub read path served from memory: read-your-writes in the process that answered a booking
// (with projections running, not waited for, or stopped), availability that moves with the clock
// past reservation edges with no event, changes made elsewhere arriving through the change feed,
// and HTTP caching (ETag → 304) and compression of the cached bodies.
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import { projectors } from '../../projections/all.js';
import { catchUp } from '../../projections/runner.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** A window that covers now: the locker is taken from the moment the booking commits. */
const coveringNow = () => ({ start_time: iso(Date.now() - 10 * MIN), end_time: iso(Date.now() + 60 * MIN) });

type Locker = { id: string; available_now: boolean };
const detail = async (t: TestApp, hubId: string, headers = {}) => (await t.app.inject({ url: `/api/hubs/${hubId}`, headers })).json();
const listed = async (t: TestApp, hubId: string, url = '/api/hubs') =>
  (await t.app.inject({ url })).json<{ id: string; availability: { P: { available: number } } }[]>().find((h) => h.id === hubId);
/** Until this process's change feed has taken every event committed so far. */
const feedCaughtUp = (t: TestApp) =>
  waitUntil(async () => t.app.changeFeed.position !== null && (await t.store.readAll({ after: t.app.changeFeed.position, limit: 1 })).length === 0);
const hubVisible = (t: TestApp, hubId: string) => waitUntil(async () => (await t.app.inject({ url: `/api/hubs/${hubId}` })).statusCode === 200);

/** Books P lockers one by one and checks, right after each 201, that this process shows it taken. */
async function bookAndCheck(t: TestApp, hubId: string, lockers: number) {
  const bookings: { id: string; lockerId: string; headers: Record<string, string> }[] = [];
  for (let i = 0; i < lockers; i++) {
    const renter = await signUp(t, `Rw${i}`);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: hubId, size: 'P', ...coveringNow() },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const lockerId = booked.json().locker_id as string;
    const hub = await detail(t, hubId);
    expect(hub.lockers.find((l: Locker) => l.id === lockerId).available_now).toBe(false);
    expect(hub.availability.P.available).toBe(lockers - i - 1);
    expect((await listed(t, hubId))!.availability.P.available).toBe(lockers - i - 1);
    expect((await listed(t, hubId, '/api/hubs/gmv'))!.availability.P.available).toBe(lockers - i - 1);
    bookings.push({ id: booked.json().id as string, lockerId, headers: renter.headers });
  }
  return bookings;
}

describe('read-your-writes when the booking answers before the projections', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The route answers without waiting for the read models: only the cache's own record of
    // the command can show the booking at once.
    t = await startTestApp({ awaitProjections: async () => false });
    await registerHub(
      t.store,
      'RW-01',
      Array.from({ length: 4 }, () => ({ size: 'P' as const })),
    );
    await hubVisible(t, 'RW-01');
  });
  afterAll(async () => t?.close());

  it('never shows a just-booked locker free, in the detail or the lists', async () => {
    await bookAndCheck(t, 'RW-01', 4);
    // Once the projections pass the bookings, the read models tell the same.
    await waitUntil(async () => (await t.db.query(`SELECT count(*)::int AS n FROM rm_reservations WHERE hub_id = 'RW-01'`)).rows[0].n === 4);
    await feedCaughtUp(t);
    expect((await detail(t, 'RW-01')).availability.P.available).toBe(0);
  });
});

describe('read-your-writes with the projections stopped', () => {
  let t: TestApp;
  /** Runs the projectors by hand until the read models pass `check` (an event committed may need a moment to become readable). */
  const projectUntil = (check: () => Promise<boolean>) =>
    waitUntil(async () => {
      for (const projector of projectors) await catchUp(t.db, t.store, projector);
      return check();
    });
  const count = async (sql: string) => (await t.db.query(sql)).rows[0].n as number;
  beforeAll(async () => {
    t = await startTestApp({ projections: false });
    await registerHub(
      t.store,
      'RW-02',
      Array.from({ length: 3 }, () => ({ size: 'P' as const })),
    );
    // The Hub is in the read models; nothing after this is, until projectUntil again.
    await projectUntil(async () => (await count(`SELECT count(*)::int AS n FROM rm_lockers WHERE hub_id = 'RW-02'`)) === 3);
    await hubVisible(t, 'RW-02');
  });
  afterAll(async () => t?.close());

  it('shows bookings and cancellations of this process until the projections pass them, then from the read models', async () => {
    const bookings = await bookAndCheck(t, 'RW-02', 3);
    expect((await t.db.query('SELECT count(*)::int AS n FROM rm_reservations')).rows[0].n).toBe(0);

    // A cancellation through this process frees its locker at once, still with no projection.
    const [first] = bookings;
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/reservations/${first!.id}/cancel`, headers: first!.headers });
    expect(cancelled.json().status).toBe('cancelled');
    let hub = await detail(t, 'RW-02');
    expect(hub.lockers.find((l: Locker) => l.id === first!.lockerId).available_now).toBe(true);
    expect(hub.availability.P.available).toBe(1);

    await projectUntil(async () => (await count(`SELECT count(*)::int AS n FROM rm_reservations WHERE status = 'cancelled'`)) === 1);
    await feedCaughtUp(t); // the change feed reloads the Hub from the read models
    expect((await t.db.query(`SELECT status, count(*)::int AS n FROM rm_reservations GROUP BY status ORDER BY status`)).rows).toEqual([
      { status: 'cancelled', n: 1 },
      { status: 'pending', n: 2 },
    ]);
    hub = await detail(t, 'RW-02');
    expect(hub.availability.P.available).toBe(1);
    expect(hub.lockers.find((l: Locker) => l.id === first!.lockerId).available_now).toBe(true);
  });
});

describe('availability moves with the clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ paymentWindowMs: 15 * MIN });
    await registerHub(t.store, 'CK-01', [{ size: 'P' }, { size: 'P' }]);
    await hubVisible(t, 'CK-01');
  });
  afterAll(async () => {
    t.clock.now = null;
    await t?.close();
  });

  it('a booking takes its locker at its start, frees it at its end, and an unpaid one at its payment deadline, with no event', async () => {
    const renter = await signUp(t, 'Relogio');
    const now = Date.now();
    const paidStart = Math.ceil(now / (30 * MIN)) * 30 * MIN + 60 * MIN;
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'CK-01', size: 'P', start_time: iso(paidStart), end_time: iso(paidStart + 60 * MIN) },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/reservations/${paid.json().id}/pay`, headers: renter.headers, payload: { method: 'pix' } })).statusCode,
    ).toBe(200);
    const unpaid = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'CK-01', size: 'P', ...coveringNow() },
    });
    expect(unpaid.statusCode, unpaid.body).toBe(201);
    const dueAt = Date.parse(unpaid.json().payment_due_at as string);
    // Loads keep only reservations not over by the clock: let them finish before it is moved.
    await feedCaughtUp(t);

    const availableAt = async (ms: number) => {
      t.clock.now = new Date(ms);
      return [(await detail(t, 'CK-01')).availability.P.available, (await listed(t, 'CK-01'))!.availability.P.available];
    };
    expect(await availableAt(now)).toEqual([1, 1]); // the unpaid one holds its locker
    expect(await availableAt(dueAt - 1)).toEqual([1, 1]);
    expect(await availableAt(dueAt)).toEqual([2, 2]); // its payment window closed
    expect(await availableAt(paidStart - 1)).toEqual([2, 2]);
    expect(await availableAt(paidStart)).toEqual([1, 1]); // the paid one started
    expect(await availableAt(paidStart + 60 * MIN - 1)).toEqual([1, 1]);
    expect(await availableAt(paidStart + 60 * MIN)).toEqual([2, 2]); // and ended
    expect(await availableAt(now)).toEqual([1, 1]); // cached bodies are tied to their span of time
  });
});

describe('changes made elsewhere and HTTP caching', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp();
    await registerHub(
      t.store,
      'HC-01',
      Array.from({ length: 3 }, () => ({ size: 'P' as const })),
      { description: 'Perto do metrô. '.repeat(40) },
    );
    await registerHub(t.store, 'HC-02', [{ size: 'M' }], { private: true });
    admin = await signUp(t, 'Admin', 'admin');
    await hubVisible(t, 'HC-01');
  });
  afterAll(async () => t?.close());

  it('a booking made by another process (straight through the command) arrives through the change feed', async () => {
    const deps = {
      db: t.db,
      store: t.store,
      queue: t.queue,
      codeSecret: 'x'.repeat(32),
      clock: () => new Date(),
      maxReservationHours: 48,
      awaitProjections: async () => true,
      log: { warn: () => {} },
    };
    const now = Date.now();
    await reserveBySize(
      deps,
      { userId: randomUUID(), hubId: 'HC-01', size: 'P', start: new Date(now - 10 * MIN), end: new Date(now + 60 * MIN), canUsePrivateHub: false },
      { actor: { id: 'elsewhere', role: 'user' }, correlationId: randomUUID(), now: new Date() },
    );
    await waitUntil(async () => (await detail(t, 'HC-01')).availability.P.available === 2);
    await registerHub(t.store, 'HC-03', [{ size: 'G' }]);
    await waitUntil(async () => (await listed(t, 'HC-03')) !== undefined);
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once the Hub changes', async () => {
    for (const url of ['/api/hubs', '/api/hubs/gmv', '/api/hubs/HC-01']) {
      const first = await t.app.inject({ url });
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.vary).toBe('Origin, Authorization, Accept-Encoding');
      const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await t.app.inject({ url, headers: { 'if-none-match': '"other", ' + etag.slice(2) } })).statusCode).toBe(304);
      expect((await t.app.inject({ url, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    }
    const publicList = await t.app.inject({ url: '/api/hubs' });
    const adminList = await t.app.inject({ url: '/api/hubs', headers: admin.headers });
    expect(adminList.headers.etag).not.toBe(publicList.headers.etag); // admins see the private Hub
    expect((await t.app.inject({ url: '/api/hubs', headers: { ...admin.headers, 'if-none-match': publicList.headers.etag as string } })).statusCode).toBe(200);
    const adminDetail = await t.app.inject({ url: '/api/hubs/HC-02', headers: admin.headers });
    const visitorDetail = await t.app.inject({ url: '/api/hubs/HC-02' });
    expect(adminDetail.json()).toMatchObject({ has_access: true, secret_key: 'SECRET1234', locker_count: 1 });
    expect(visitorDetail.json()).toMatchObject({ has_access: false, lockers: [], locker_count: 0 });
    expect(visitorDetail.body).not.toContain('SECRET1234');

    const before = await t.app.inject({ url: '/api/hubs/HC-01' });
    const renter = await signUp(t, 'Etag');
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'HC-01', size: 'P', ...coveringNow() },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const after = await t.app.inject({ url: '/api/hubs/HC-01', headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().availability.P.available).toBe(before.json().availability.P.available - 1);
  });

  it('sends brotli or gzip as accepted, the same JSON as identity', async () => {
    // The admins' list carries the long description (the public one leaves it to the detail).
    for (const [url, caller] of [
      ['/api/hubs', admin.headers],
      ['/api/hubs/HC-01', {}],
    ] as const) {
      const plain = await t.app.inject({ url, headers: caller });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const br = await t.app.inject({ url, headers: { ...caller, 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
      const gz = await t.app.inject({ url, headers: { ...caller, 'accept-encoding': 'gzip;q=1, br;q=0' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(gz.headers.etag).toBe(plain.headers.etag);
      expect((await t.app.inject({ url, headers: { ...caller, 'accept-encoding': 'identity' } })).headers['content-encoding']).toBeUndefined();
    }
  });

  it('unknown and malformed ids keep the error shape, uncached', async () => {
    const missing = await t.app.inject({ url: '/api/hubs/ZZ-99' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Hub não encontrado' } });
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers.etag).toBeUndefined();
  });
});
