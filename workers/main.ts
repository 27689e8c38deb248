// Services mode: the worker process. Expires reservations on BullMQ delayed jobs and sweeps.
import { config } from '../infra/config.js';
import { createBullMqQueue } from '../infra/queue/bullmq.js';
import { closeOnSignal, openRuntime, requireEnv } from '../infra/runtime.js';
import { startExpiryWorkers } from './expiry.js';

const runtime = await openRuntime(requireEnv('DATABASE_URL'), 4);
const queue = createBullMqQueue({ redisUrl: config.redisUrl, queueName: config.queueName });
await startExpiryWorkers({ db: runtime.db, store: runtime.store, queue, clock: () => new Date() });
console.log('[workers] running');
closeOnSignal(async () => {
  await queue.close();
  await runtime.close();
});
