// Services mode: the worker process. Expires reservations on BullMQ delayed jobs, and sweeps for
// overdue ones on its own timer (SWEEP_INTERVAL_MS), so expiry survives a Redis that lost its jobs.
import { config, secretsFromEnv } from '../infra/config.js';
import { createBullMqQueue } from '../infra/queue/bullmq.js';
import { closeOnSignal, openRuntime, requireEnv } from '../infra/runtime.js';
import { startCodeRotation } from './code-rotation.js';
import { startExpiryWorkers } from './expiry.js';
import { sweepIntervalFromEnv } from './sweeper.js';

let sweepIntervalMs: number;
try {
  sweepIntervalMs = sweepIntervalFromEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const runtime = await openRuntime(requireEnv('DATABASE_URL'), 4);
const queue = createBullMqQueue({ redisUrl: config.redisUrl, queueName: config.queueName });
const expiry = await startExpiryWorkers({ db: runtime.db, store: runtime.store, queue, clock: () => new Date(), sweepIntervalMs });
// Access codes rotate while reservations are active (ADR 0003).
startCodeRotation({ store: runtime.store, queue, codeSecret: secretsFromEnv().codeSecret, clock: () => new Date() });
console.log(`[workers] running (sweeping every ${sweepIntervalMs} ms)`);
closeOnSignal(async () => {
  await expiry.close();
  await queue.close();
  await runtime.close();
});
