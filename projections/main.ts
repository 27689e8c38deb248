// Services mode: the projection process. Follows the event log into the read models, leading the
// projectors no other projection process leads (ADR 0011); run as many as you like.
import { healthPortFromEnv, startHealthServer } from '../infra/health/health-server.js';
import { readiness } from '../infra/health/readiness.js';
import { closeOnSignal, openRuntime, requireEnv } from '../infra/runtime.js';
import { config } from '../infra/config.js';
import { IDLE_SESSION_TIMEOUT_MS } from './leadership.js';
import { projectionLag } from './projection-lag.js';
import { startProjections } from './start-all.js';
import { collectedRegistry } from '../infra/metrics/collected-series.js';
import { renderMetrics } from '../infra/metrics/exposition.js';
import { startTracing } from '../infra/tracing/start-tracing.js';

// Events per transaction (and checkpoint move); small values make catching up slower but finer.
const batchSize = Number(process.env.PROJECTION_BATCH_SIZE ?? 200);
let healthPort: number | undefined;
try {
  healthPort = healthPortFromEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!Number.isInteger(batchSize) || batchSize < 1) {
  console.error('PROJECTION_BATCH_SIZE must be a positive integer.');
  process.exit(1);
}

// A batch left open by a frozen process must not hold its row locks past the moment a standby
// takes its projectors (leadership.ts): the server ends such a transaction as it ends the session.
// Projection spans, continuing each event's trace, when an OTLP endpoint is set (docs/operations.md).
const tracing = await startTracing('hub-projections');
// Waits for PostgreSQL first (containers start together); projections need no Redis.
const runtime = await openRuntime(requireEnv('DATABASE_URL'), { max: 4, idleInTransactionTimeoutMs: IDLE_SESSION_TIMEOUT_MS }, { waitForDatabase: true });
const leadership = await startProjections(runtime.db, runtime.store, { batchSize });
let draining = false;
// /metrics on the health port (METRICS_TOKEN): the lag of the projectors this process leads, its pool.
const metrics = collectedRegistry({ pool: runtime.db, projectionLag: () => projectionLag(runtime.db, leadership.leading()) });
const health =
  healthPort === undefined
    ? undefined
    : await startHealthServer(
        healthPort,
        config.host,
        async () => {
          const answer = await readiness(runtime.db, 'projections', !draining);
          const leading = leadership.leading();
          // Which projectors this process leads, and how far behind the log each one is.
          const lag = answer.database === 'up' && leading.length ? await projectionLag(runtime.db, leading) : [];
          return { ...answer, leading, lag };
        },
        () => renderMetrics(metrics),
      );
console.log(
  `[projections] running (batch size ${batchSize}; leading ${leadership.leading().join(', ') || 'none yet'})${health ? `; health on port ${health.port}` : ''}`,
);
if (process.env.SEED_DEMO === '1') console.log('[projections] SEED_DEMO is read by the API processes (npm start, npm run start:api); nothing is seeded here');
closeOnSignal(
  async () => {
    // The batch in flight commits or rolls back, then the leadership connection closes (its locks go with it).
    await leadership.stop();
    await health?.close();
    await runtime.close();
    await tracing?.shutdown();
  },
  () => (draining = true),
);
