import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../api/seed/seed.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { createBullMqQueue } from '../../infra/queue/bullmq.js';
import { bookingBody, logIn, register } from '../support/api-client.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { startOwnRedis, type OwnRedis } from '../support/own-servers.js';
import { startServices, type Services } from '../support/services.js';
import { waitUntil } from '../support/test-app.js';

const SWEEP_INTERVAL_MS = 2000;
const MARGIN_MS = 1500;
const PAYMENT_WINDOW_MS = 15_000; // PAYMENT_WINDOW_MINUTES=0.25: time to book, kill and restart before any is due
const MIN = 60_000;

// Redis keeps nothing on disk: when it restarts, every delayed expiry job is gone. The worker
// process, untouched, must still expire every reservation that comes due, within one sweep period.
describe('fault: Redis restarted while reservations are due', () => {
  let redis: OwnRedis;
  let database: TestDatabase;
  let db: pg.Pool;
  let services: Services | undefined;
  const queueName = `hub-fault-${randomUUID().slice(0, 8)}`;
  const expireQueue = `bull:${queueName}.reservation.expire`;

  beforeAll(async () => {
    redis = await startOwnRedis();
    database = await createTestDatabase();
    db = createPool(database.url, { max: 2 });
    await seedDemoData(db, createPostgresEventStore(db));
    services = await startServices({
      databaseUrl: database.url,
      redisUrl: redis.url,
      queueName,
      hubs: 6,
      env: { SWEEP_INTERVAL_MS: String(SWEEP_INTERVAL_MS), PAYMENT_WINDOW_MINUTES: String(PAYMENT_WINDOW_MS / MIN), MAX_ACTIVE_RESERVATIONS: '20' },
    });
  }, 90_000);

  afterAll(async () => {
    await services?.stop();
    await db?.end();
    await database?.drop();
    await redis?.stop(); // its keys die with it: nothing written to the shared Redis
  }, 30_000);

  const expiries = async (ids: string[]) =>
    (
      await db.query<{ id: string; at: string; reason: string; causation: string }>(
        `SELECT data->>'reservationId' AS id, data->>'at' AS at, data->>'reason' AS reason, metadata->>'causationId' AS causation
         FROM events WHERE type = 'ReservationExpired' AND data->>'reservationId' = ANY($1)`,
        [ids],
      )
    ).rows;

  it('expires every due reservation within one sweep period after Redis returns, workers untouched', async () => {
    const renter = await logIn(services!.baseUrl, 'cliente@hub.dev', 'cliente123');
    // The unpaid ones by renters of their own: a renter holds one unpaid booking at a time (ADR 0016).
    const unpaidRenters = await Promise.all([1, 2, 3, 4].map((i) => register(services!.baseUrl, `Sem Pagar ${i}`)));
    const workerPid = services!.processes.workers.pid;
    const t0 = Date.now();
    const booked: { id: string; dueMs: number; paid: boolean }[] = [];
    // Four unpaid (due when the payment window closes) and four paid (due at their end).
    for (const [i, hub] of ['SP-01', 'SP-02', 'SP-03', 'BH-01', 'BH-02', 'BH-03', 'SP-01', 'SP-02'].entries()) {
      const paid = i % 2 === 1;
      const who = paid ? renter : unpaidRenters[i / 2]!;
      const res = await who.post('/api/reservations/by-size', bookingBody(hub, 'P', t0 - 30 * MIN, paid ? t0 + PAYMENT_WINDOW_MS : t0 + 120 * MIN));
      expect(res.status, await res.clone().text()).toBe(201);
      const body = (await res.json()) as { id: string; payment_due_at: string; end_time: string };
      if (paid) expect((await renter.post(`/api/reservations/${body.id}/pay`, { method: 'pix' })).status).toBe(200);
      booked.push({ id: body.id, dueMs: Date.parse(paid ? body.end_time : body.payment_due_at), paid });
    }
    const firstDue = Math.min(...booked.map((b) => b.dueMs));
    const probe = new Redis(redis.url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => {});
    expect(await probe.zcard(`${expireQueue}:delayed`)).toBe(booked.length); // one job each, waiting
    probe.disconnect();

    await redis.kill();
    // While Redis is down a booking still stands, promptly: its job cannot be made, the sweeper
    // will expire it like the others.
    const downBookingAt = Date.now();
    const whileDown = await renter.post('/api/reservations/by-size', bookingBody('BH-03', 'M', t0 - 30 * MIN, t0 + 120 * MIN));
    const downLatency = Date.now() - downBookingAt;
    expect(whileDown.status, await whileDown.clone().text()).toBe(201);
    const downBody = (await whileDown.json()) as { id: string; payment_due_at: string };
    booked.push({ id: downBody.id, dueMs: Date.parse(downBody.payment_due_at), paid: false });
    expect(downLatency).toBeLessThan(3000); // the queue gives up after 2 s, the booking does not wait on it
    await redis.start();
    const backAt = Date.now();
    expect(backAt).toBeLessThan(firstDue); // the jobs were lost before any came due
    const fresh = new Redis(redis.url);
    expect(await fresh.exists(`${expireQueue}:delayed`)).toBe(0);
    fresh.disconnect();

    const ids = booked.map((b) => b.id);
    await waitUntil(async () => (await expiries(ids)).length === ids.length, 30_000, 100);
    const rows = await expiries(ids);
    const delays = booked.map((b) => {
      const row = rows.find((r) => r.id === b.id)!;
      expect(row.reason).toBe(b.paid ? 'ended' : 'payment_overdue');
      expect(row.causation).toMatch(/^sweeper-/); // no job was left to do it
      return Date.parse(row.at) - Math.max(b.dueMs, backAt);
    });
    console.log(
      `[fault-redis] booking while Redis was down answered in ${downLatency} ms; Redis back ${firstDue - backAt} ms before the first due time; expired ${Math.min(...delays)}..${Math.max(...delays)} ms after due (sweep every ${SWEEP_INTERVAL_MS} ms)`,
    );
    expect(Math.max(...delays)).toBeLessThanOrEqual(SWEEP_INTERVAL_MS + MARGIN_MS);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(services!.processes.workers.exitCode).toBeNull();
    expect(services!.processes.workers.pid).toBe(workerPid);

    // The BullMQ clients reconnected by themselves: a new booking's job lands in the new Redis
    // (API) and is consumed there (workers).
    const now = Date.now();
    const next = await renter.post('/api/reservations/by-size', bookingBody('BH-01', 'M', now - 30 * MIN, now + 1500));
    expect(next.status).toBe(201);
    const nextId = ((await next.json()) as { id: string }).id;
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const inspect = new Queue(`${queueName}.reservation.expire`, { connection });
    try {
      const job = await inspect.getJob(`j-${nextId}`);
      expect(job).toBeDefined();
      await waitUntil(async () => (await job!.getState()) === 'completed', 15_000, 100);
    } finally {
      await inspect.close();
      connection.disconnect();
    }
    await waitUntil(async () => (await expiries([nextId])).length === 1, 5_000, 100);
  }, 60_000);
});

describe('fault: the BullMQ adapter while Redis is down', () => {
  it('schedule() fails within connectWaitMs instead of queueing, and works again once Redis is back', async () => {
    const own = await startOwnRedis();
    const queue = createBullMqQueue({ redisUrl: own.url, queueName: 'q', connectWaitMs: 500, onError: () => {} });
    const later = () => new Date(Date.now() + 60_000);
    try {
      await queue.schedule('expire', {}, { runAt: later(), jobId: 'before' });
      await own.kill();
      for (const jobId of ['down-1', 'down-2']) {
        const started = Date.now();
        await expect(queue.schedule('expire', {}, { runAt: later(), jobId })).rejects.toThrow();
        expect(Date.now() - started).toBeLessThan(1500);
      }
      await own.start();
      await queue.schedule('expire', {}, { runAt: later(), jobId: 'after' });
      const probe = new Redis(own.url);
      expect(await probe.zrange('bull:q.expire:delayed', 0, -1)).toEqual(['j-after']); // a fresh Redis: only the new job
      probe.disconnect();
    } finally {
      await queue.close();
      await own.stop();
    }
  }, 20_000);
});
