// Services mode: the API process (DATABASE_URL, REDIS_URL, JWT_SECRET, CODE_SECRET). Run as many
// as you like behind a load balancer; SIGTERM drains it (ready 503, in-flight requests finish).
import { config, secretsFromEnv } from '../infra/config.js';
import { createBullMqQueue } from '../infra/queue/bullmq.js';
import { closeOnSignal, openRuntime, requireEnv } from '../infra/runtime.js';
import { serveApi } from './serve.js';

const secrets = secretsFromEnv();
const runtime = await openRuntime(requireEnv('DATABASE_URL'));
const queue = createBullMqQueue({ redisUrl: config.redisUrl, queueName: config.queueName });
const api = await serveApi(runtime, queue, secrets);
closeOnSignal(
  async () => {
    await api.close();
    await queue.close();
    await runtime.close();
  },
  () => api.drain(),
);
