import type { RetryPolicy } from '../../domain/webhooks/retry-policy.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { createBullMqQueue } from '../../infra/queue/bullmq.js';
import { startWebhookWorkers } from '../../workers/webhooks/webhook-workers.js';
import { bullKeys, deleteBullKeys } from './bullmq-keys.js';
import type { TestApp } from './test-app.js';

// The webhook delivery workers in the test's own process, on the machine's Redis under a queue
// name of the test's own, with retries small enough to happen within a test.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export const FAST_RETRIES: RetryPolicy = { baseMs: 100, capMs: 1_000, windowMs: 60_000, pauseAfterMs: 60_000 };

export async function startTestWebhookWorkers(t: TestApp, opts: { codeSecret: string; queueName: string; concurrency?: number; policy?: RetryPolicy }) {
  const queue = createBullMqQueue({ redisUrl: REDIS_URL, queueName: opts.queueName, concurrency: opts.concurrency ?? 4, backoffMs: 100 });
  const mailer = createMemoryMailer();
  const workers = await startWebhookWorkers({
    db: t.db,
    store: t.store,
    queue,
    codeSecret: opts.codeSecret,
    clock: () => new Date(),
    policy: opts.policy ?? FAST_RETRIES,
    sweepIntervalMs: 200,
    mailer,
    appUrl: 'http://127.0.0.1:3000',
    log: () => {},
  });
  return {
    queue,
    workers,
    mailer,
    /** Stops the workers and the queue and removes the queue's keys from Redis (none may be left). */
    async close(): Promise<string[]> {
      await workers.close();
      await queue.close();
      await deleteBullKeys(REDIS_URL, opts.queueName);
      return bullKeys(REDIS_URL, opts.queueName);
    },
  };
}
