// `npm start`: API, web, projections and workers in one process. With no DATABASE_URL it runs
// on embedded PostgreSQL (PGlite) under DATA_DIR with an in-process queue and demo data; with
// DATABASE_URL (and REDIS_URL for BullMQ) the same single process runs on real servers.
import { join } from 'node:path';
import { config, secretsFromEnv, secretsInDataDir } from '../infra/config.js';
import type { EmbeddedPostgres } from '../infra/db/embedded.js';
import { EMBEDDED_POOL_MAX, startEmbeddedPostgres } from '../infra/db/embedded.js';
import { createBullMqQueue } from '../infra/queue/bullmq.js';
import { createInProcessQueue } from '../infra/queue/in-process.js';
import { closeOnSignal, openRuntime } from '../infra/runtime.js';
import { startAllProjectors } from '../projections/start-all.js';
import { startExpiryWorkers } from '../workers/expiry.js';
import { seedDemoData } from './seed/seed.js';
import { serveApi } from './serve.js';

const embedded = !config.databaseUrl;
let pglite: EmbeddedPostgres | null = null;
if (embedded) {
  pglite = await startEmbeddedPostgres(join(config.dataDir, 'pg'));
  console.log(`[hub] embedded PostgreSQL (PGlite) in ${join(config.dataDir, 'pg')}`);
}
const databaseUrl = config.databaseUrl ?? pglite!.url;
const secrets = embedded ? secretsInDataDir(config.dataDir) : secretsFromEnv();
const runtime = await openRuntime(databaseUrl, embedded ? EMBEDDED_POOL_MAX : 10);
const queue = process.env.REDIS_URL ? createBullMqQueue({ redisUrl: config.redisUrl, queueName: config.queueName }) : createInProcessQueue();
const clock = () => new Date();

if (embedded || process.env.SEED_DEMO === '1') {
  const seeded = await seedDemoData(runtime.db, runtime.store);
  if (seeded.hubs || seeded.users) console.log(`[hub] demo data: ${seeded.hubs} Hubs, ${seeded.users} accounts`);
}
const stopProjectors = await startAllProjectors(runtime.db, runtime.store);
await startExpiryWorkers({ db: runtime.db, store: runtime.store, queue, clock });

const stopApi = await serveApi(runtime, queue, secrets);
console.log(`[hub] http://localhost:${config.port}`);

closeOnSignal(async () => {
  await stopApi();
  await stopProjectors();
  await queue.close();
  await runtime.close();
  await pglite?.stop();
});
