// Services mode: the worker process. Expires reservations on BullMQ delayed jobs, and sweeps for
// overdue ones on its own timer (SWEEP_INTERVAL_MS), so expiry survives a Redis that lost its jobs.
// Run as many as you like: BullMQ gives each job to one worker, the sweeper runs once per period
// across them (workers/sweeper.ts), and the event store refuses a second expiry (ADR 0011).
import { config, secretsFromEnv } from '../infra/config.js';
import { healthPortFromEnv, startHealthServer } from '../infra/health/health-server.js';
import { readiness } from '../infra/health/readiness.js';
import { createBullMqQueue } from '../infra/queue/bullmq.js';
import { closeOnSignal, openRuntime, requireEnv } from '../infra/runtime.js';
import { startCodeRotation } from './code-rotation.js';
import { startExpiryWorkers } from './expiry.js';
import { sweepIntervalFromEnv } from './sweeper.js';

let sweepIntervalMs: number;
let healthPort: number | undefined;
try {
  sweepIntervalMs = sweepIntervalFromEnv();
  healthPort = healthPortFromEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const runtime = await openRuntime(requireEnv('DATABASE_URL'), 4);
const queue = createBullMqQueue({ redisUrl: config.redisUrl, queueName: config.queueName });
const expiry = await startExpiryWorkers({ db: runtime.db, store: runtime.store, queue, clock: () => new Date(), sweepIntervalMs });
// Access codes rotate while reservations are active (ADR 0003).
startCodeRotation({ store: runtime.store, queue, codeSecret: secretsFromEnv().codeSecret, clock: () => new Date() });
let draining = false;
const health = healthPort === undefined ? undefined : await startHealthServer(healthPort, config.host, () => readiness(runtime.db, 'workers', !draining));
console.log(`[workers] running (sweeping every ${sweepIntervalMs} ms)${health ? `; health on port ${health.port}` : ''}`);
if (process.env.SEED_DEMO === '1') console.log('[workers] SEED_DEMO is read by the API processes (npm start, npm run start:api); nothing is seeded here');
closeOnSignal(
  async () => {
    // The sweep round and the jobs in progress finish (BullMQ's close waits for them), then we go.
    await expiry.close();
    await queue.close();
    await health?.close();
    await runtime.close();
  },
  () => (draining = true),
);
