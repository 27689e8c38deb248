import { config } from '../infra/config.js';
import { createFileStorage } from '../infra/storage/factory.js';
import type { Secrets } from '../infra/config.js';
import type { JobQueue } from '../infra/queue/port.js';
import type { Runtime } from '../infra/runtime.js';
import { projectorNames } from '../projections/all.js';
import { waitForProjections } from '../projections/runner.js';
import { buildApp } from './app.js';
import { createTokenService } from './auth/tokens.js';
import { startRealtime } from './realtime/start-realtime.js';

/** Builds the API with its realtime gateway and listens on PORT; returns a closer. Both entry points use it. */
export async function serveApi(runtime: Runtime, queue: JobQueue, secrets: Secrets): Promise<() => Promise<void>> {
  const tokens = createTokenService(secrets.jwtSecret);
  const app = await buildApp({
    db: runtime.db,
    store: runtime.store,
    queue,
    tokens,
    codeSecret: secrets.codeSecret,
    clock: () => new Date(),
    maxReservationHours: config.maxReservationHours,
    paymentWindowMs: config.paymentWindowMs,
    maxActiveReservations: config.maxActiveReservations,
    awaitProjections: (position) => waitForProjections(runtime.db, projectorNames, position),
    logger: { level: config.logLevel },
    webDist: config.webDist,
    trustProxy: config.trustProxy,
    storage: createFileStorage({ dataDir: config.dataDir, s3: config.s3 }),
  });
  const stopRealtime = await startRealtime(app, { db: runtime.db, store: runtime.store, tokens });
  await app.listen({ port: config.port, host: config.host });
  return async () => {
    await stopRealtime();
    await app.close();
  };
}
