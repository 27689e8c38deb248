// Services mode: the API process (DATABASE_URL, REDIS_URL, JWT_SECRET, CODE_SECRET).
import { config, secretsFromEnv } from '../infra/config.js';
import { createBullMqQueue } from '../infra/queue/bullmq.js';
import { closeOnSignal, openRuntime, requireEnv } from '../infra/runtime.js';
import { projectorNames } from '../projections/all.js';
import { waitForProjections } from '../projections/runner.js';
import { buildApp } from './app.js';
import { startRealtime } from './realtime/start-realtime.js';
import { createTokenService } from './auth/tokens.js';

const secrets = secretsFromEnv();
const runtime = await openRuntime(requireEnv('DATABASE_URL'));
const queue = createBullMqQueue({ redisUrl: config.redisUrl });
const tokens = createTokenService(secrets.jwtSecret);
const app = await buildApp({
  db: runtime.db,
  store: runtime.store,
  queue,
  tokens,
  codeSecret: secrets.codeSecret,
  clock: () => new Date(),
  maxReservationHours: config.maxReservationHours,
  awaitProjections: (position) => waitForProjections(runtime.db, projectorNames, position),
  logger: { level: config.logLevel },
  webDist: config.webDist,
});
const stopRealtime = await startRealtime(app, { db: runtime.db, store: runtime.store, tokens });
await app.listen({ port: config.port, host: config.host });
closeOnSignal(async () => {
  await stopRealtime();
  await app.close();
  await queue.close();
  await runtime.close();
});
