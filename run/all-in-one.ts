// `npm start`: API, web, projections and workers in one process. With no DATABASE_URL it runs
// on embedded PostgreSQL (PGlite) under DATA_DIR with an in-process queue and demo data; with
// DATABASE_URL (and REDIS_URL for BullMQ) the same single process runs on real servers.
import { join } from 'node:path';
import { config, isLoopbackHost, secretsFromEnv, secretsInDataDir } from '../infra/config.js';
import type { EmbeddedPostgres } from '../infra/db/embedded.js';
import { EMBEDDED_POOL_MAX, startEmbeddedPostgres } from '../infra/db/embedded.js';
import { createBullMqQueue } from '../infra/queue/bullmq.js';
import { createInProcessQueue } from '../infra/queue/in-process.js';
import { closeOnSignal, openRuntime } from '../infra/runtime.js';
import { startAllProjectors } from '../projections/start-all.js';
import { startExpiryWorkers } from '../workers/expiry.js';
import { sweepIntervalFromEnv } from '../workers/sweeper.js';
import { madePasswordLines, seedDemoData } from '../api/seed/seed.js';
import { serveApi } from '../api/serve.js';

const embedded = !config.databaseUrl;
let pglite: EmbeddedPostgres | null = null;
if (embedded) {
  // The database answers only on a Unix socket in DATA_DIR/socket (0700), never on the network.
  pglite = await startEmbeddedPostgres({ dataDir: join(config.dataDir, 'pg'), socketDir: join(config.dataDir, 'socket') });
  console.log(`[hub] embedded PostgreSQL (PGlite) in ${join(config.dataDir, 'pg')}`);
}
const databaseUrl = config.databaseUrl ?? pglite!.url;
const secrets = embedded ? secretsInDataDir(config.dataDir) : secretsFromEnv();
const runtime = await openRuntime(databaseUrl, embedded ? EMBEDDED_POOL_MAX : 10);
const queue = process.env.REDIS_URL ? createBullMqQueue({ redisUrl: config.redisUrl, queueName: config.queueName }) : createInProcessQueue();
const clock = () => new Date();

// Published demo passwords only while nothing beyond this machine can reach the server.
const exposed = !isLoopbackHost(config.host);
if (embedded || process.env.SEED_DEMO === '1') {
  const seeded = await seedDemoData(runtime.db, runtime.store, { madePasswords: exposed });
  if (seeded.hubs || seeded.users) console.log(`[hub] demo data: ${seeded.hubs} Hubs, ${seeded.users} accounts`);
  for (const line of madePasswordLines(seeded.madePasswords, '[hub]')) console.log(line);
}
const stopProjectors = await startAllProjectors(runtime.db, runtime.store);
// Embedded PGlite is one process on a pool of 1 sharing one session: no advisory lock there.
const expiry = await startExpiryWorkers({ db: runtime.db, store: runtime.store, queue, clock, sweepIntervalMs: sweepIntervalFromEnv(), sweepLock: !embedded });

const stopApi = await serveApi(runtime, queue, secrets);
const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
console.log(`[hub] http://${shownHost}:${config.port}${exposed ? ' (reachable from the network: HOST is not a loopback address)' : ''}`);

closeOnSignal(async () => {
  await stopApi();
  await stopProjectors();
  await expiry.close();
  await queue.close();
  await runtime.close();
  await pglite?.stop();
});
