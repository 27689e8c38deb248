// Services mode: the worker process. Expires reservations on BullMQ delayed jobs, and sweeps for
// overdue ones on its own timer (SWEEP_INTERVAL_MS), so expiry survives a Redis that lost its jobs.
// Run as many as you like: BullMQ gives each job to one worker, the sweeper runs once per period
// across them (workers/sweeper.ts), and the event store refuses a second expiry (ADR 0011).
import { config, secretsFromEnv } from '../infra/config.js';
import { healthPortFromEnv, startHealthServer } from '../infra/health/health-server.js';
import { readiness } from '../infra/health/readiness.js';
import { createBullMqQueue } from '../infra/queue/bullmq.js';
import { closeOnSignal, openRuntime, requireEnv, waitForRedisAtStart } from '../infra/runtime.js';
import { startCodeRotation } from './code-rotation.js';
import { startExpiryWorkers } from './expiry.js';
import { sweepIntervalFromEnv } from './sweeper.js';
import { createMailer } from '../infra/mail/factory.js';
import { createPayments } from '../infra/payments/factory.js';
import type { PaymentPort } from '../infra/payments/port.js';
import type { RetryPolicy } from '../domain/webhooks/retry-policy.js';
import { retryPolicyFromEnv, startWebhookWorkers, webhookSweepIntervalFromEnv } from './webhooks/webhook-workers.js';
import { refundSettingsFromEnv, startRefundWorkers } from './refunds/refund-workers.js';
import { vapidKeysFromEnv } from '../infra/push/vapid.js';
import type { VapidKeys } from '../infra/push/vapid.js';
import { overdueHoldMsFromEnv, reminderLeadMsFromEnv } from '../commands/reminder-schedule.js';
import { reminderSweepIntervalFromEnv } from './reminders/reminder-workers.js';
import { startReminders } from './reminders/start-reminders.js';
import { presenceSettingsFromEnv, startPresenceSweep } from './controller-presence-sweep.js';
import { alertIntervalFromEnv, startAlertWorkers } from './alerts/alert-workers.js';
import { JOB_NAMES } from '../commands/job-names.js';
import { collectedRegistry } from '../infra/metrics/collected-series.js';
import { renderMetrics } from '../infra/metrics/exposition.js';
import { startTracing } from '../infra/tracing/start-tracing.js';

let sweepIntervalMs: number;
let healthPort: number | undefined;
let webhookPolicy: RetryPolicy;
let webhookSweepMs: number;
let refundSettings: ReturnType<typeof refundSettingsFromEnv>;
let vapid: VapidKeys | null;
let presence: ReturnType<typeof presenceSettingsFromEnv>;
try {
  sweepIntervalMs = sweepIntervalFromEnv();
  healthPort = healthPortFromEnv();
  webhookPolicy = retryPolicyFromEnv();
  webhookSweepMs = webhookSweepIntervalFromEnv();
  refundSettings = refundSettingsFromEnv();
  vapid = vapidKeysFromEnv();
  reminderLeadMsFromEnv();
  overdueHoldMsFromEnv();
  reminderSweepIntervalFromEnv();
  presence = presenceSettingsFromEnv();
  alertIntervalFromEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// The PSP (issue 28), for what workers settle through it (refunds); a half-set PIX_* configuration
// stops the process here, as it stops the API.
let payments: PaymentPort;
try {
  payments = createPayments(config.payments, () => new Date());
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// Traces of jobs' commands and appends when an OTLP endpoint is set (docs/operations.md).
const tracing = await startTracing('hub-workers');
// Webhook deliveries hold a connection during their POST (one per job at a time, concurrency 4).
// Containers start together: PostgreSQL and Redis may not answer yet, so the process waits for them.
const runtime = await openRuntime(requireEnv('DATABASE_URL'), 10, { waitForDatabase: true });
await waitForRedisAtStart(config.redisUrl);
const queue = createBullMqQueue({ redisUrl: config.redisUrl, queueName: config.queueName, concurrency: 4 });
const expiry = await startExpiryWorkers({ db: runtime.db, store: runtime.store, queue, clock: () => new Date(), sweepIntervalMs });
// Access codes rotate while reservations are active (ADR 0003).
startCodeRotation({ store: runtime.store, queue, codeSecret: secretsFromEnv().codeSecret, clock: () => new Date() });
// Partners' webhooks (ADR 0021): signed deliveries, retries, the sweep for lost jobs.
const mailer = createMailer(config.mail, config.dataDir, { info: (d, m) => console.log(m, d), error: (d, m) => console.error(m, d) });
const webhooks = await startWebhookWorkers({
  db: runtime.db,
  store: runtime.store,
  queue,
  codeSecret: secretsFromEnv().codeSecret,
  clock: () => new Date(),
  policy: webhookPolicy,
  sweepIntervalMs: webhookSweepMs,
  mailer,
  appUrl: config.appUrl.origin,
});
// Refunds through the payment port, and their receipts (ADR 0024).
const refunds = startRefundWorkers({ db: runtime.db, store: runtime.store, payments, mailer, clock: () => new Date(), ...refundSettings });
// Reminders of reservations' ends and the overdue notice (ADR 0023); Web Push when VAPID keys are set.
const reminders = startReminders({ db: runtime.db, store: runtime.store, queue, mailer, vapid, appUrl: config.appUrl.origin, clock: () => new Date() });
// Controllers going offline and coming back, as events (issue 29 item 4).
const controllers = startPresenceSweep(
  { db: runtime.db, store: runtime.store, clock: () => new Date(), offlineAfterMs: presence.offlineAfterMs },
  presence.intervalMs,
);
// Alerts (ADR 0026): raised once from the log, mailed once to the Hub's staff.
const alerts = startAlertWorkers({
  db: runtime.db,
  store: runtime.store,
  mailer,
  clock: () => new Date(),
  appUrl: config.appUrl.origin,
  intervalMs: alertIntervalFromEnv(),
});
let draining = false;
// /metrics on the health port (METRICS_TOKEN): the pool, the queues' depth, failed runs here.
const metrics = collectedRegistry({ pool: runtime.db, queueCounts: () => queue.jobCounts(JOB_NAMES) });
const health =
  healthPort === undefined
    ? undefined
    : await startHealthServer(
        healthPort,
        config.host,
        () => readiness(runtime.db, 'workers', !draining),
        () => renderMetrics(metrics),
      );
console.log(`[workers] running (sweeping every ${sweepIntervalMs} ms)${health ? `; health on port ${health.port}` : ''}`);
if (process.env.SEED_DEMO === '1') console.log('[workers] SEED_DEMO is read by the API processes (npm start, npm run start:api); nothing is seeded here');
closeOnSignal(
  async () => {
    // The sweep round and the jobs in progress finish (BullMQ's close waits for them), then we go.
    await expiry.close();
    await webhooks.close();
    await refunds.close();
    await reminders.close();
    await controllers.close();
    await alerts.close();
    await queue.close();
    await mailer.close();
    await payments.close?.();
    await health?.close();
    await runtime.close();
    await tracing?.shutdown();
  },
  () => (draining = true),
);
