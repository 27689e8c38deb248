// BullMQ adapter on the machine's Redis. Every run uses its own key prefix and deletes it after.
import { randomUUID } from 'node:crypto';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createBullMqQueue } from '../../infra/queue/bullmq.js';
import type { BullMqQueueOptions } from '../../infra/queue/bullmq.js';
import type { JobQueue } from '../../infra/queue/port.js';
import { describeQueueConformance, recorder, sleep, waitFor } from '../conformance/queue.conformance.js';
import { scanAll } from '../support/bullmq-keys.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `hubtest-${randomUUID().slice(0, 8)}`;
let seq = 0;

const make = (opts: Partial<BullMqQueueOptions> = {}) =>
  createBullMqQueue({ redisUrl, prefix, queueName: `q${++seq}`, backoffMs: 50, onError: () => {}, ...opts });

const connectRedis = () => new Redis(redisUrl);

const prefixKeys = (redis: Redis) => scanAll(redis, `${prefix}:*`);

afterAll(async () => {
  const redis = connectRedis();
  try {
    const keys = await prefixKeys(redis);
    expect(keys.length).toBeGreaterThan(0); // the tests did write under this run's prefix
    await redis.del(...keys);
    expect(await prefixKeys(redis)).toEqual([]);
  } finally {
    redis.disconnect();
  }
});

describeQueueConformance('bullmq', (opts) => make(opts));

describe('bullmq queue across processes', () => {
  const open: JobQueue[] = [];
  const track = (q: JobQueue) => (open.push(q), q);
  afterEach(async () => {
    await Promise.all(open.splice(0).map((q) => q.close()));
  });

  it('runs jobs only where a handler for that name is registered', async () => {
    const queueName = `q${++seq}`;
    const api = track(make({ queueName })); // schedules, runs nothing
    const mailer = track(make({ queueName }));
    const expirer = track(make({ queueName }));
    const mails = recorder();
    const expiries = recorder();
    mailer.process('mail', mails.handler);
    expirer.process('expire', expiries.handler);
    await api.schedule('expire', { r: 1 }, { runAt: new Date(Date.now() + 100), jobId: 'e1' });
    await api.schedule('mail', { to: 'a' }, { runAt: new Date(), jobId: 'm1' });
    await waitFor(() => expiries.runs.length > 0 && mails.runs.length > 0);
    await sleep(200);
    expect(expiries.runs.map((r) => r.payload)).toEqual([{ r: 1 }]);
    expect(mails.runs.map((r) => r.payload)).toEqual([{ to: 'a' }]);
  });

  it('rescheduling a job another instance in this process is running applies after the run', async () => {
    const queueName = `q${++seq}`;
    const api = track(make({ queueName }));
    const worker = track(make({ queueName }));
    const runs: unknown[] = [];
    let release = () => {};
    worker.process('expire', async (payload) => {
      runs.push(payload.v);
      if (payload.v === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    await api.schedule('expire', { v: 1 }, { runAt: new Date(), jobId: 'busy' });
    await waitFor(() => runs.length === 1);
    const rescheduled = api.schedule('expire', { v: 2 }, { runAt: new Date(), jobId: 'busy' });
    await sleep(200);
    expect(runs).toEqual([1]); // still blocked behind the running job
    release();
    await rescheduled;
    await waitFor(() => runs.length === 2);
    expect(runs).toEqual([1, 2]);
  });

  it('rescheduling a job running in another process waits for it, then schedules anew', async () => {
    // A bare BullMQ worker stands in for another process: this process knows nothing of its run.
    const queueName = `q${++seq}`;
    const api = track(make({ queueName }));
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const runs: unknown[] = [];
    let release = () => {};
    const other = new Worker<{ payload: { v: number } }>(
      `${queueName}.expire`,
      async (job) => {
        runs.push(job.data.payload.v);
        if (job.data.payload.v === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      { connection: redis, prefix },
    );
    try {
      await api.schedule('expire', { v: 1 }, { runAt: new Date(), jobId: 'busy' });
      await waitFor(() => runs.length === 1);
      let settled = false;
      const rescheduled = api.schedule('expire', { v: 2 }, { runAt: new Date(), jobId: 'busy' });
      void rescheduled.finally(() => (settled = true));
      await sleep(300);
      expect(settled).toBe(false); // waiting for the run elsewhere to end
      release();
      await rescheduled;
      await waitFor(() => runs.length === 2);
      expect(runs).toEqual([1, 2]);
    } finally {
      release(); // never leave the bare worker's close() waiting on a blocked job
      await other.close();
      redis.disconnect();
    }
  });

  it('close() resolves even when Redis holds delayed jobs', async () => {
    const q = make();
    q.process('expire', async () => {});
    await q.schedule('expire', {}, { runAt: new Date(Date.now() + 60_000), jobId: 'later' });
    const started = Date.now();
    await q.close();
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
