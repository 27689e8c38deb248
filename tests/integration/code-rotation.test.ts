// Repeats on REAL Redis (BullMQ Job Schedulers): the rotation's building block. Each test run
// uses its own key prefix and deletes every key it made, leaving no scheduler behind.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createBullMqQueue } from '../../infra/queue/bullmq.js';
import { describeRepeatConformance, recorder, sleep, waitFor } from '../conformance/queue.conformance.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `hubrot-${randomUUID().slice(0, 8)}`;
let seq = 0;
const make = (queueName = `q${++seq}`) => createBullMqQueue({ redisUrl, prefix, queueName, backoffMs: 50, onError: () => {} });

async function prefixKeys(redis: Redis): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

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
