// GET /metrics on the API: the named series after a booking, read as Prometheus would (an
// admin's token, or METRICS_TOKEN); refused without either. The queue is BullMQ on the shared
// Redis under this run's own prefix, removed afterwards.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedHeaders } from '../../api/controller/controller-signature.js';
import { JOB_NAMES } from '../../commands/job-names.js';
import { startHealthServer } from '../../infra/health/health-server.js';
import { collectedRegistry } from '../../infra/metrics/collected-series.js';
import { renderMetrics } from '../../infra/metrics/exposition.js';
import { createBullMqQueue } from '../../infra/queue/bullmq.js';
import { projectionLag } from '../../projections/projection-lag.js';
import { deleteBullKeys } from '../support/bullmq-keys.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow } from '../support/test-app.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const queueName = `metrics-${randomUUID().slice(0, 8)}`;
const metricsToken = `tok-${randomUUID()}`;

/** The value of one sample line: `name{labels} value`, labels in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('/metrics', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let renter: Awaited<ReturnType<typeof signUp>>;
  const scrape = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/metrics', headers });

  beforeAll(async () => {
    vi.stubEnv('METRICS_TOKEN', metricsToken);
    t = await startTestApp({ queue: createBullMqQueue({ redisUrl, queueName, onError: () => {} }) });
    await registerHub(t.store, 'MT-01', [{ size: 'M' }]);
    [admin, renter] = [await signUp(t, 'Chefe', 'admin'), await signUp(t, 'Renata')];
  });
  afterAll(async () => {
    await t?.close();
    await deleteBullKeys(redisUrl, queueName);
    vi.unstubAllEnvs();
  });

  it('refuses a scrape without an admin token or METRICS_TOKEN', async () => {
    const anonymous = await scrape({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthorized');
    expect((await scrape(renter.headers)).statusCode).toBe(403);
    expect((await scrape({ authorization: 'Bearer not-the-token' })).statusCode).toBe(401);
  });

  it('after a booking shows bookings, the booking route histogram, projection lag, queue and pool series', async () => {
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'MT-01', size: 'M', ...windowFromNow(2) },
    });
    expect(booked.statusCode).toBe(201);
    // The only M locker is taken: a second booking is refused, counted under its code.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: admin.headers,
      payload: { hub_id: 'MT-01', size: 'M', ...windowFromNow(2) },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const refusedCode: string = refused.json().error.code;

    // A wrong code at the Hub's door controller (signed as registerHub's controller would).
    const door = JSON.stringify({ code: '999999', request_id: randomUUID() });
    const doorHeaders = signedHeaders('SECRET1234', '/api/otp/validate/MT-01', door, Date.now());
    expect((await t.app.inject({ method: 'POST', url: '/api/otp/validate/MT-01', headers: doorHeaders, payload: door })).statusCode).toBe(403);

    const res = await scrape(admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(sample(res.body, 'hub_door_attempts_total', { outcome: 'refused', source: 'online' })).toBeGreaterThanOrEqual(1);
    const text = res.body;
    expect(sample(text, 'hub_bookings_total', { outcome: 'booked' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'hub_bookings_total', { outcome: refusedCode })).toBeGreaterThanOrEqual(1);
    // The route's template, never the raw URL.
    expect(
      sample(text, 'hub_http_request_duration_seconds_count', { method: 'POST', route: '/api/reservations/by-size', status_code: '201' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toMatch(/route="\/api\/reservations\/[0-9a-f-]{36}/);
    expect(sample(text, 'hub_projection_lag_events', { projector: 'reservations' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'hub_projection_lag_seconds', { projector: 'reservations' })).toBeGreaterThanOrEqual(0);
    // The unpaid booking's expiry waits in BullMQ as a delayed job.
    expect(sample(text, 'hub_queue_jobs', { queue: 'reservation.expire', state: 'delayed' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'hub_queue_jobs', { queue: 'reservation.expire', state: 'failed' })).toBe(0);
    expect(text).toContain('# TYPE hub_queue_failures_total counter');
    expect(sample(text, 'hub_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'hub_db_pool_connections', { state: 'waiting' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'hub_process_cpu_seconds_total')).toBeGreaterThan(0);
  });

  it('counts projection lag as events appended and not yet applied', async () => {
    // Caught up: the lag of every projector returns to 0 once the projections apply the booking.
    await waitUntil(async () => sample((await scrape(admin.headers)).body, 'hub_projection_lag_events', { projector: 'reservations' }) === 0);
    const res = await scrape({ authorization: `Bearer ${metricsToken}` });
    expect(res.statusCode).toBe(200);
    const projectors = [...res.body.matchAll(/^hub_projection_lag_events\{projector="([^"]+)"\}/gm)].map((m) => m[1]);
    expect(projectors).toContain('reservations');
    expect(projectors.length).toBeGreaterThan(3);
  });

  it('serves the queue dashboard to admins only: bearer, or a ticket traded for a cookie', async () => {
    const anon = await t.app.inject({ url: '/admin/queues' });
    expect(anon.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/admin/queues', headers: renter.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/admin/queues/api/queues', headers: renter.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/queues/ticket', headers: renter.headers })).statusCode).toBe(403);

    const page = await t.app.inject({ url: '/admin/queues', headers: admin.headers });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<base href="/admin/queues/"');
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.body)?.[1];
    expect((await t.app.inject({ url: `/admin/queues/${script}`, headers: admin.headers })).statusCode).toBe(200);

    // The browser's way: a ticket, then the cookie it is traded for; the bull-board API lists every queue.
    const ticket = await t.app.inject({ method: 'POST', url: '/api/admin/queues/ticket', headers: admin.headers });
    expect(ticket.statusCode).toBe(201);
    const opened = await t.app.inject({ url: ticket.json().url });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/admin/queues');
    const cookie = String(opened.headers['set-cookie']);
    expect(cookie).toMatch(/^hub_queues=[^;]+; Path=\/admin\/queues; Max-Age=1800; HttpOnly; SameSite=Strict/);
    const pass = cookie.split(';')[0]!;
    const listed = await t.app.inject({ url: '/admin/queues/api/queues', headers: { cookie: pass } });
    expect(listed.statusCode).toBe(200);
    const names = listed.json().queues.map((q: { name: string }) => q.name);
    expect(names).toContain(`${queueName}.reservation.expire`);
    expect(names).toContain(`${queueName}.webhook.deliver`);
    // A forged or reused-elsewhere value opens nothing.
    expect((await t.app.inject({ url: '/admin/queues/api/queues', headers: { cookie: `${pass}x` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/admin/queues?ticket=${encodeURIComponent(pass.split('=')[1]!)}` })).statusCode).toBe(401);
  });

  it("serves a projection or worker process's series on its HEALTH_PORT to METRICS_TOKEN only", async () => {
    const registry = collectedRegistry({
      pool: t.db,
      projectionLag: () => projectionLag(t.db, ['reservations']),
      queueCounts: () => t.queue.jobCounts!(JOB_NAMES),
    });
    const health = await startHealthServer(
      0,
      '127.0.0.1',
      async () => ({ ready: true }),
      () => renderMetrics(registry),
    );
    try {
      const url = `http://127.0.0.1:${health.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: admin.headers })).status).toBe(401); // no sessions on this port
      const res = await fetch(url, { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'hub_projection_lag_events', { projector: 'reservations' })).toBe(0);
      expect(sample(text, 'hub_queue_jobs', { queue: 'reservation.expire', state: 'delayed' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'hub_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'hub_bookings_total', { outcome: 'booked' })).toBeGreaterThanOrEqual(1);
    } finally {
      await health.close();
    }
  });
});
