// Services mode: the API process (DATABASE_URL, REDIS_URL, JWT_SECRET, CODE_SECRET).
import { config, secretsFromEnv } from '../infra/config.js';
import { createBullMqQueue } from '../infra/queue/bullmq.js';
import { closeOnSignal, openRuntime, requireEnv } from '../infra/runtime.js';
import { serveApi } from './serve.js';

const secrets = secretsFromEnv();
const runtime = await openRuntime(requireEnv('DATABASE_URL'));
const queue = createBullMqQueue({ redisUrl: config.redisUrl, queueName: config.queueName });
const stopApi = await serveApi(runtime, queue, secrets);
closeOnSignal(async () => {
  await stopApi();
  await queue.close();
  await runtime.close();
});
