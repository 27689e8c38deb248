// `npm start`: API, web, projections and workers in one process. With no DATABASE_URL it runs
// on embedded PostgreSQL (PGlite) under DATA_DIR with an in-process queue and demo data; with
// DATABASE_URL (and REDIS_URL for BullMQ) the same single process runs on real servers.
//
// Start time matters (docs/benchmarks.md): the embedded database starts first, and the rest of
// the application is imported while it boots; BullMQ is loaded only when REDIS_URL asks for it.
import { join } from 'node:path';
import { config, isLoopbackHost, secretsFromEnv, secretsInDataDir } from '../infra/config.js';
import { EMBEDDED_POOL, startEmbeddedPostgres, type EmbeddedPostgres } from '../infra/db/embedded.js';
import { demoTemplate } from './demo-template.js';
import { traceStart } from './start-trace.js';

traceStart('imports (database)');
const embedded = !config.databaseUrl;
// The database answers only on a Unix socket in DATA_DIR/socket (0700), never on the network.
const templateContents = demoTemplate(process.env.HUB_SOURCES_KEY);
const pgliteStarting: Promise<EmbeddedPostgres> | null = embedded
  ? startEmbeddedPostgres({
      dataDir: join(config.dataDir, 'pg'),
      socketDir: join(config.dataDir, 'socket'),
      templateCache: true,
      templateContents,
    })
  : null;
// Not awaited yet: a failed start is reported by the await below, not as an unhandled rejection.
pgliteStarting?.catch(() => {});
// The login routes wait for a dummy argon2 hash (timing-safe answers for unknown e-mails) before
// the API listens; begun now, it is computed on the thread pool while the database boots.
void import('../api/auth/passwords.js').then(({ prepareDummyHash }) => prepareDummyHash()).catch(() => {});
// Fastify requires its validator, serializer and pino only when an instance is made; a throwaway
// instance loads them now, while the main thread would otherwise wait on PGlite's WASM compile.
void import('fastify').then(({ default: fastify }) => fastify({ logger: { level: 'silent' } })).catch(() => {});

const [
  { openRuntime, closeOnSignal, waitForRedisAtStart },
  { createInProcessQueue },
  { startAllProjectors },
  { startExpiryWorkers },
  { sweepIntervalFromEnv },
  seed,
  { serveApi },
] = await Promise.all([
  import('../infra/runtime.js'),
  import('../infra/queue/in-process.js'),
  import('../projections/start-all.js'),
  import('../workers/expiry.js'),
  import('../workers/sweeper.js'),
  import('../api/seed/seed.js'),
  import('../api/serve.js'),
]);
traceStart('imports (application)');

const pglite = pgliteStarting ? await pgliteStarting : null;
if (pglite) {
  traceStart('embedded PostgreSQL');
  console.log(`[hub] embedded PostgreSQL (PGlite) in ${join(config.dataDir, 'pg')}`);
}
const databaseUrl = config.databaseUrl ?? pglite!.url;
const secrets = embedded ? secretsInDataDir(config.dataDir) : secretsFromEnv();
const runtime = await openRuntime(databaseUrl, embedded ? EMBEDDED_POOL : 10, { waitForDatabase: !embedded });
traceStart('migrations');
if (process.env.REDIS_URL) await waitForRedisAtStart(config.redisUrl);
const queue = process.env.REDIS_URL
  ? (await import('../infra/queue/bullmq.js')).createBullMqQueue({ redisUrl: config.redisUrl, queueName: config.queueName })
  : createInProcessQueue();
const clock = () => new Date();

// Published demo passwords only while nothing beyond this machine can reach the server.
const exposed = !isLoopbackHost(config.host);
if (embedded || process.env.SEED_DEMO === '1') {
  const seeded = await seed.seedDemoDataOnce(runtime.db, runtime.store, { madePasswords: exposed, lock: !embedded });
  // A new folder copied from the demo template (run/demo-template.ts) got all of it from there.
  const added = pglite?.fromTemplate && templateContents ? seed.demoDataSize : seeded;
  if (added.hubs || added.users) console.log(`[hub] demo data: ${added.hubs} Hubs, ${added.users} accounts`);
  for (const line of seed.madePasswordLines(seeded.madePasswords, '[hub]')) console.log(line);
  for (const line of seed.madeHubKeyLines(seeded.madeHubKeys, '[hub]')) console.log(line);
  traceStart('demo data');
}
const stopProjectors = await startAllProjectors(runtime.db, runtime.store);
// Embedded PGlite is one process on a pool of 1 sharing one session: no advisory lock there.
const expiry = await startExpiryWorkers({ db: runtime.db, store: runtime.store, queue, clock, sweepIntervalMs: sweepIntervalFromEnv(), sweepLock: !embedded });
(await import('../workers/code-rotation.js')).startCodeRotation({ store: runtime.store, queue, codeSecret: secrets.codeSecret, clock });
// Webhook deliveries hold a connection during each POST: not on embedded PGlite's pool of one.
const webhooks = embedded
  ? null
  : await (async () => {
      const w = await import('../workers/webhooks/webhook-workers.js');
      const mailer = (await import('../infra/mail/factory.js')).createMailer(config.mail, config.dataDir, {
        info: (d, m) => console.log(m, d),
        error: (d, m) => console.error(m, d),
      });
      const workers = await w.startWebhookWorkers({
        db: runtime.db,
        store: runtime.store,
        queue,
        codeSecret: secrets.codeSecret,
        clock,
        policy: w.retryPolicyFromEnv(),
        sweepIntervalMs: w.webhookSweepIntervalFromEnv(),
        mailer,
        appUrl: config.appUrl.origin,
      });
      return { close: async () => (await workers.close(), await mailer.close()) };
    })();
// Refunds (ADR 0024): no connection held during a PSP call, so on embedded PGlite too.
const refunds = await (async () => {
  const r = await import('../workers/refunds/refund-workers.js');
  const mailer = (await import('../infra/mail/factory.js')).createMailer(config.mail, config.dataDir, {
    info: (d, m) => console.log(m, d),
    error: (d, m) => console.error(m, d),
  });
  // The same PSP as the API's: refunds of real PIX go back through it.
  const payments = (await import('../infra/payments/factory.js')).createPayments(config.payments, clock);
  const workers = r.startRefundWorkers({ db: runtime.db, store: runtime.store, payments, mailer, clock, ...r.refundSettingsFromEnv() });
  return { close: async () => (await workers.close(), await payments.close?.(), await mailer.close()) };
})();
// Reminders (ADR 0023): embedded mode makes its VAPID keys into DATA_DIR on first start.
const reminders = await (async () => {
  const { startReminders } = await import('../workers/reminders/start-reminders.js');
  const { vapidKeysFromEnv, vapidKeysInDataDir } = await import('../infra/push/vapid.js');
  const mailer = (await import('../infra/mail/factory.js')).createMailer(config.mail, config.dataDir, {
    info: (d, m) => console.log(m, d),
    error: (d, m) => console.error(m, d),
  });
  const vapid = embedded ? await vapidKeysInDataDir(config.dataDir) : vapidKeysFromEnv();
  const workers = startReminders({ db: runtime.db, store: runtime.store, queue, mailer, vapid, appUrl: config.appUrl.origin, clock, sweepLock: !embedded });
  return { close: async () => (await workers.close(), await mailer.close()) };
})();
// Controllers going offline and coming back, as events (issue 29 item 4): no lock needed, the
// controller stream's version records each transition once.
const controllers = await (async () => {
  const { presenceSettingsFromEnv, startPresenceSweep } = await import('../workers/controller-presence-sweep.js');
  const settings = presenceSettingsFromEnv();
  return startPresenceSweep({ db: runtime.db, store: runtime.store, clock, offlineAfterMs: settings.offlineAfterMs }, settings.intervalMs);
})();
// Alerts (ADR 0026): no connection held during a send, so on embedded PGlite too.
const alerts = await (async () => {
  const a = await import('../workers/alerts/alert-workers.js');
  const mailer = (await import('../infra/mail/factory.js')).createMailer(config.mail, config.dataDir, {
    info: (d, m) => console.log(m, d),
    error: (d, m) => console.error(m, d),
  });
  const workers = a.startAlertWorkers({
    db: runtime.db,
    store: runtime.store,
    mailer,
    clock,
    appUrl: config.appUrl.origin,
    intervalMs: a.alertIntervalFromEnv(),
  });
  return { close: async () => (await workers.close(), await mailer.close()) };
})();
traceStart('projections and workers');

const api = await serveApi(runtime, queue, secrets, 'all-in-one');
traceStart('API listening');
const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
console.log(`[hub] http://${shownHost}:${config.port}${exposed ? ' (reachable from the network: HOST is not a loopback address)' : ''}`);

closeOnSignal(async () => {
  await api.close();
  await stopProjectors();
  await expiry.close();
  await webhooks?.close();
  await refunds.close();
  await reminders.close();
  await controllers.close();
  await alerts.close();
  await queue.close();
  await runtime.close();
  await pglite?.stop();
});
