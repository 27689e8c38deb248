// Services mode: the API process (DATABASE_URL, REDIS_URL, JWT_SECRET, CODE_SECRET). Run as many
// as you like behind a load balancer; SIGTERM drains it (ready 503, in-flight requests finish).
import { config, isLoopbackHost, secretsFromEnv } from '../infra/config.js';
import { createBullMqQueue } from '../infra/queue/bullmq.js';
import { closeOnSignal, openRuntime, requireEnv, waitForRedisAtStart } from '../infra/runtime.js';
import { madePasswordLines, seedDemoDataOnce } from './seed/seed.js';
import { serveApi } from './serve.js';

const secrets = secretsFromEnv();
// Containers start together: PostgreSQL and Redis may not answer yet, so the process waits for them.
const runtime = await openRuntime(requireEnv('DATABASE_URL'), undefined, { waitForDatabase: true });
await waitForRedisAtStart(config.redisUrl);
// SEED_DEMO=1 means what it means under `npm start`: the demo data is added where missing. API
// processes starting together seed once (an advisory lock); projections and workers ignore it.
if (process.env.SEED_DEMO === '1') {
  const seeded = await seedDemoDataOnce(runtime.db, runtime.store, { madePasswords: !isLoopbackHost(config.host), lock: true });
  if (seeded.hubs || seeded.users) console.log(`[api] demo data: ${seeded.hubs} Hubs, ${seeded.users} accounts`);
  for (const line of madePasswordLines(seeded.madePasswords, '[api]')) console.log(line);
}
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
