// Repeats on REAL Redis (BullMQ Job Schedulers): the rotation's building block. Each test run
// uses its own key prefix and deletes every key it made, leaving no scheduler behind.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReservation } from '../../commands/reservation-commands.js';
import { rotatedAccessCode } from '../../commands/access-code.js';
import { createBullMqQueue } from '../../infra/queue/bullmq.js';
import { expireReservation } from '../../commands/reservation-commands.js';
import { sweepOverdue } from '../../workers/sweep-overdue.js';
import { workerContext } from '../../workers/worker-context.js';
import { ROTATE_JOB, startCodeRotation, startRotation } from '../../workers/code-rotation.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';
import { describeRepeatConformance, recorder, sleep, waitFor } from '../conformance/queue.conformance.js';
import { scanAll } from '../support/bullmq-keys.js';

/** A window that has started (this minute) and runs `hours`: an active reservation holds a live code. */
function windowCoveringNow(hours: number) {
  const start = Math.floor(Date.now() / 60_000) * 60_000;
  return { start_time: new Date(start).toISOString(), end_time: new Date(start + hours * 3_600_000).toISOString() };
}

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `hubrot-${randomUUID().slice(0, 8)}`;
let seq = 0;
const make = (queueName = `q${++seq}`) => createBullMqQueue({ redisUrl, prefix, queueName, backoffMs: 50, onError: () => {} });

const prefixKeys = (redis: Redis) => scanAll(redis, `${prefix}:*`);

afterAll(async () => {
  const redis = new Redis(redisUrl);
  try {
    const keys = await prefixKeys(redis);
    if (keys.length) await redis.del(...keys);
    expect(await prefixKeys(redis)).toEqual([]);
  } finally {
    redis.disconnect();
  }
});

describeRepeatConformance('bullmq', () => make());

describe('bullmq repeat in Redis', () => {
  it('leaves no Job Scheduler in Redis once stopped', async () => {
    const queueName = `q${++seq}`;
    const q = make(queueName);
    try {
      const { runs, handler } = recorder();
      q.process('rotate', handler);
      await q.repeat('rotate', { reservationId: 'r9' }, { everyMs: 200, key: 'rotate-r9' });
      const redis = new Redis(redisUrl);
      try {
        const schedulerKey = `${prefix}:${queueName}.rotate:repeat`;
        expect(await redis.zcard(schedulerKey)).toBe(1);
        await waitFor(() => runs.length >= 1, 5_000);
        await q.stopRepeat('rotate', 'rotate-r9');
        expect(await redis.zcard(schedulerKey)).toBe(0);
        await sleep(100);
        const count = runs.length;
        await sleep(500);
        expect(runs.length).toBe(count);
      } finally {
        redis.disconnect();
      }
    } finally {
      await q.close();
    }
  });
});

describe('GET /api/reservations/{id}/access-code', () => {
  const CODE_SECRET = 'code-rotation-test-code-secret-0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ codeSecret: CODE_SECRET });
    await registerHub(t.store, 'RT-01', [{ size: 'P' }, { size: 'P' }]);
  });
  afterAll(async () => t?.close());

  it('answers the current derived code; a rotation replaces it and the old hash is gone at once', async () => {
    const [ana, bruno] = [await signUp(t, 'Ana'), await signUp(t, 'Bruno')];
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/reservations/by-size',
        headers: ana.headers,
        payload: { hub_id: 'RT-01', size: 'P', ...windowCoveringNow(1) },
      })
    ).json();
    const url = `/api/reservations/${created.id}/access-code`;
    expect((await t.app.inject({ method: 'GET', url, headers: ana.headers })).statusCode).toBe(409); // pending
    await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/pay`, headers: ana.headers, payload: { method: 'pix' } });
    expect((await t.app.inject({ method: 'GET', url, headers: bruno.headers })).statusCode).toBe(404);

    const first = (await t.app.inject({ method: 'GET', url, headers: ana.headers })).json();
    expect(first.code).toMatch(/^[1-9]\d{5}$/);
    expect(Date.parse(first.expiresAt)).toBeGreaterThan(Date.now());
    const again = (await t.app.inject({ method: 'GET', url, headers: ana.headers })).json();
    expect(again).toEqual(first); // re-derived, not re-issued

    const liveHash = async () => {
      const { state } = await readReservation(t, created.id);
      return state.status === 'none' ? null : (state.code?.hash ?? null);
    };
    const hashA = await liveHash();
    expect(hashA).toMatch(/^[0-9a-f]{64}$/);
    // POST issues a new code (the next derived one, ADR 0025); the stream keeps only its hash, so
    // the earlier one is gone at once.
    const posted = (await t.app.inject({ method: 'POST', url, headers: ana.headers })).json();
    const hashB = await liveHash();
    expect(hashB).not.toBe(hashA);
    expect(posted.code).not.toBe(first.code);
    expect(posted.code).toBe(rotatedAccessCode(CODE_SECRET, created.id, 1));
    // It is derivable: GET answers it again instead of issuing another.
    const next = (await t.app.inject({ method: 'GET', url, headers: ana.headers })).json();
    expect(next.code).toBe(posted.code);
    expect(await liveHash()).toBe(hashB);
    expect((await t.app.inject({ method: 'GET', url, headers: ana.headers })).json()).toEqual(next);

    await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/finalize`, headers: ana.headers });
    expect((await t.app.inject({ method: 'GET', url, headers: ana.headers })).statusCode).toBe(409);
  });
});

describe('rotation worker on BullMQ', () => {
  it("replaces an active reservation's code every period and stops (no scheduler left) once it ends", async () => {
    const queueName = `q${++seq}`;
    const queue = make(queueName);
    const t = await startTestApp({ queue });
    const redis = new Redis(redisUrl);
    try {
      await registerHub(t.store, 'RT-02', [{ size: 'P' }]);
      const ana = await signUp(t, 'Ana');
      const created = (
        await t.app.inject({
          method: 'POST',
          url: '/api/reservations/by-size',
          headers: ana.headers,
          payload: { hub_id: 'RT-02', size: 'P', ...windowCoveringNow(1) },
        })
      ).json();
      await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/pay`, headers: ana.headers, payload: { method: 'pix' } });
      startCodeRotation({ store: t.store, queue, codeSecret: 'test-secret-for-rotation-0123456789abcdef', clock: () => new Date() });
      const liveHash = async () => {
        const { state } = await readReservation(t, created.id);
        return state.status === 'none' ? null : (state.code?.hash ?? null);
      };
      const seen = new Set([await liveHash()]);
      await startRotation(queue, created.id, 300);
      await waitUntil(async () => (seen.add(await liveHash()), seen.size >= 3), 5_000);
      expect(seen.size).toBeGreaterThanOrEqual(3); // two rotations, each replacing the hash

      const schedulers = `${prefix}:${queueName}.${ROTATE_JOB}:repeat`;
      expect(await redis.zcard(schedulers)).toBe(1);
      await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/finalize`, headers: ana.headers });
      // The next tick finds it completed and removes its own scheduler.
      await waitUntil(async () => (await redis.zcard(schedulers)) === 0, 3_000);
      expect(await liveHash()).toBeNull();
    } finally {
      redis.disconnect();
      await t.close();
      await queue.close();
    }
  });
});

describe('expiry and goods left for pickup', () => {
  it('never expires an awaiting_pickup reservation, by job or by sweep, even past its end', async () => {
    const t = await startTestApp();
    try {
      await registerHub(t.store, 'RT-03', [{ size: 'P' }]);
      const ana = await signUp(t, 'Ana');
      const created = (
        await t.app.inject({
          method: 'POST',
          url: '/api/reservations/by-size',
          headers: ana.headers,
          payload: { hub_id: 'RT-03', size: 'P', ...windowCoveringNow(1) },
        })
      ).json();
      await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/pay`, headers: ana.headers, payload: { method: 'pix' } });
      const left = await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/leave-for-pickup`, headers: ana.headers });
      expect(left.json().status).toBe('awaiting_pickup');
      const afterEnd = new Date(Date.parse(created.end_time) + 3_600_000);
      const expired = await expireReservation(t, created.id, workerContext(afterEnd, 'test-expiry'));
      expect(expired.events).toEqual([]);
      await sweepOverdue({ db: t.db, store: t.store, clock: () => afterEnd });
      const { state } = await readReservation(t, created.id);
      expect(state.status).toBe('awaiting_pickup');
    } finally {
      await t.close();
    }
  });
});
