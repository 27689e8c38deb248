import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { lazyRequestLogger } from './http/lazy-request-logger.js';
import { fastifyLogging, type LoggerSetting } from './http/request-log.js';
import Fastify from 'fastify';
import type { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { installAuthGuard } from './auth/guard.js';
import { authRoutes } from './auth/routes.js';
import { socialRoutes } from './auth/social/social-routes.js';
import { createAccountMail } from './auth/account-mail.js';
import { confirmationRoutes } from './auth/confirmation-routes.js';
import { recoveryRoutes } from './auth/recovery-routes.js';
import { contactRoutes } from './contact/contact-routes.js';
import type { SocialSettings } from '../infra/oidc/settings.js';
import type { TokenService } from './auth/tokens.js';
import type { CommandDeps } from '../commands/deps.js';
import { DEFAULT_MAX_ACTIVE_RESERVATIONS } from '../commands/deps.js';
import { projectorNames } from '../projections/all.js';
import { controllerRoutes } from './controller/controller-routes.js';
import { relocateOffJammedLocker } from '../commands/report-door-failure.js';
import { dashboardRoutes } from './dashboard/dashboard-routes.js';
import { healthRoutes } from './health/health-routes.js';
import { historyRoutes } from './history/history-routes.js';
import { installHubReadPath } from './hubs/hub-read-path.js';
import { hubRoutes } from './hubs/hub-routes.js';
import { hubAdminRoutes } from './hubs/hub-admin-routes.js';
import { lockerRoutes } from './lockers/locker-routes.js';
import { logisticsRoutes } from './logistics/logistics-routes.js';
import { otpGenerateRoute } from './logistics/otp-generate-route.js';
import { staffRoutes } from './staff/staff-routes.js';
import { partnerRoutes } from './partners/partner-routes.js';
import { partnerApiRoutes } from './partner-api/partner-api-routes.js';
import { partnerPortalRoutes } from './partner-portal/partner-portal-routes.js';
import { sandboxTokenRoute } from './partner-api/sandbox-token-route.js';
import { installSandboxHeader } from './partner-api/sandbox-header.js';
import type { PartnerRateLimits } from './partner-api/partner-gate.js';
import { partnerRateLimitsFromEnv } from './partner-api/partner-gate.js';
import { webhookRoutes } from './webhooks/webhook-routes.js';
import { adoptLegacyStaff } from './staff/adopt-legacy-staff.js';
import { installIdempotency } from './idempotency/idempotency-plugin.js';
import { registerHttpEdge } from './http/edge.js';
import { accessRoutes } from './access/access-routes.js';
import { holdsGrant } from '../projections/access/queries.js';
import { installErrorHandler } from './http/errors.js';
import { contractCheckEnabled, installContractCheck } from './contract/contract-check.js';
import { referenceRoutes } from './contract/reference-routes.js';
import { serverErrorOptions } from './http/server-errors.js';
import { refuseWhileClosing } from './http/closing-answers.js';
import { serveWebApp } from './http/web-app.js';
import { seoRoutes } from './seo/seo-routes.js';
import type { WebConfig } from './seo/web-config.js';
import { webConfigFromEnv } from './seo/web-config.js';
import { reservationRoutes } from './reservations/reservation-routes.js';
import { refundRoutes } from './refunds/refund-routes.js';
import { alertRoutes } from './alerts/alert-routes.js';
import { createPaymentMail } from './payments/payment-mail.js';
import { pixWebhookRoutes } from './payments/pix-webhook-routes.js';
import { createPayments } from '../infra/payments/factory.js';
import { webhookSecretOf } from '../infra/payments/settings.js';
import { accessCodeRoute } from './reservations/access-code-route.js';
import { config } from '../infra/config.js';
import type { Role } from '../infra/health/readiness.js';
import { localUploadsDir } from '../infra/storage/factory.js';
import { createLocalDiskStorage } from '../infra/storage/local-disk.js';
import type { FileStorage } from '../infra/storage/port.js';
import { createMailer } from '../infra/mail/factory.js';
import type { Mailer } from '../infra/mail/port.js';
import type { ReplayStore } from '../infra/replay/replay-store.js';
import { uploadRoutes } from './uploads/upload-routes.js';
import { userRoutes } from './users/users-routes.js';
import { invitationRoutes } from './operators/invitation-routes.js';
import { createOperatorMail } from './operators/operator-mail.js';
import { operatorRoutes } from './operators/operator-routes.js';
import { createSettingsReader } from '../commands/settings-reader.js';
import type { SettingsReader } from '../commands/settings-reader.js';
import { noticeMailer } from './settings/notice-mailer.js';
import { settingsRoutes } from './settings/settings-routes.js';
import { notificationRoutes } from './notifications/notification-routes.js';
import { vapidPublicKey } from '../infra/push/vapid.js';
import { doorStatusRoutes } from './doors/door-status-routes.js';
import { controllerOfflineAfterMsFromEnv } from '../commands/controller-presence.js';
import { installRequestMetrics } from './http/request-metrics.js';
import { installRequestTracing } from './http/request-tracing.js';
import { metricsRoutes } from './metrics/metrics-routes.js';
import { queueDashboard } from './queues/queue-dashboard.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform's settings this process obeys (commands/settings-reader.ts). */
    settings: SettingsReader;
  }
}

export interface AppOptions extends Omit<CommandDeps, 'log'> {
  tokens: TokenService;
  /** JSON by default; `format: 'pretty'` is one short line per request (api/http/request-log.ts). */
  logger?: boolean | LoggerSetting;
  /** The built web app to serve (web/dist); null or missing folder: API only. */
  webDist?: string | null;
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For), as Fastify's
   * trustProxy takes it: true, or comma-separated addresses/CIDRs. Off by default: behind a
   * load balancer without it every renter shares the balancer's address and its login limits.
   */
  trustProxy?: boolean | string;
  /** Where uploaded images go; default: a folder on this machine, DATA_DIR/uploads. */
  storage?: FileStorage;
  /** Door-controller signatures already seen; default: Redis when REDIS_URL is set, else the database. */
  controllerReplay?: ReplayStore;
  /**
   * Where rate-limit counters live: a Redis shared by every API process (REDIS_URL), so a limit
   * holds across replicas; default: this process's memory.
   */
  rateLimitRedis?: { client: Redis; nameSpace: string };
  /** What /api/health/ready names as this process's role. */
  role?: Role;
  /** Social sign-in providers (Google, Facebook, Apple); default: SOCIAL_* variables, APP_URL, CORS_ORIGINS. */
  social?: SocialSettings;
  /**
   * The web app's public origin: mailed links and social sign-in are built on it, never on a
   * request header. Default: the social settings' (APP_URL, else the address this process listens on).
   */
  appUrl?: string;
  /** Where e-mail goes; default: SMTP when SMTP_URL is set, else the outbox under DATA_DIR. */
  mailer?: Mailer;
  /** Where contact-form messages go until an admin changes it; default SUPPORT_EMAIL. */
  supportEmail?: string;
  /** The platform's settings (issue 27); default: rm_settings over this process's environment. */
  settings?: SettingsReader;
  /**
   * What x-pix-webhook-secret must be on the PSP's notifications (PIX_WEBHOOK_SECRET); default: the
   * environment's payment settings. The payment port itself is CommandDeps.payments (default: the
   * environment's, infra/payments/factory.ts).
   */
  pixWebhookSecret?: string;
  /** Partner-API requests per token per minute; default PARTNER_RATE_LIMIT_{READS,WRITES}_PER_MIN, else 120 and 30. */
  partnerRateLimits?: PartnerRateLimits;
  /** How long without a heartbeat before a Hub's controller is offline; default CONTROLLER_OFFLINE_AFTER_MS, else 90 s. */
  controllerOfflineAfterMs?: number;
  /** What the web app is told at load (the Google Maps key); default GOOGLE_MAPS_API_KEY, GOOGLE_MAPS_MAP_ID. */
  webConfig?: WebConfig;
}

/** The HTTP API. Everything it talks to comes in, so tests and both run modes build it alike. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const logging = fastifyLogging(options.logger);
  const app = Fastify({
    ...logging,
    childLoggerFactory: lazyRequestLogger,
    genReqId: (req) => {
      const given = req.headers['x-correlation-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
    trustProxy: options.trustProxy ?? false,
    ...serverErrorOptions,
  });
  installErrorHandler(app);
  // Traces and request metrics first: their hooks see every request, refusals included.
  installRequestTracing(app);
  installRequestMetrics(app);
  if (contractCheckEnabled()) installContractCheck(app);
  await registerHttpEdge(app);
  refuseWhileClosing(app);
  // Large answers leave compressed as the client accepts (the Hub routes bring their own).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(rateLimit, {
    global: false,
    // Redis away: let requests through rather than fail them (login keeps its PostgreSQL limits).
    ...(options.rateLimitRedis ? { redis: options.rateLimitRedis.client, nameSpace: options.rateLimitRedis.nameSpace, skipOnError: true } : {}),
  });
  installAuthGuard(app, options.tokens, options.db);

  const mailSettings = config.mail;
  // The environment's values are the settings until an admin changes them (issue 27).
  const settings =
    options.settings ??
    createSettingsReader(options.db, {
      companyName: process.env.COMPANY_NAME?.trim() || 'Hub',
      supportEmail: options.supportEmail ?? mailSettings.supportEmail,
      supportPhone: (process.env.SUPPORT_PHONE ?? '').replace(/\D/g, ''),
      emailNotifications: true,
      webhooksEnabled: true,
      apiAccessEnabled: true,
      reservationLimit: options.maxActiveReservations ?? DEFAULT_MAX_ACTIVE_RESERVATIONS,
      maxReservationHours: options.maxReservationHours,
      maintenanceMode: false,
    });
  app.decorate('settings', settings);
  // The PSP (issue 28): the API Pix adapter when PIX_API_URL is set, else the simulated provider.
  const paymentSettings = options.payments ? null : config.payments;
  const payments = options.payments ?? createPayments(paymentSettings!, options.clock);
  const deps: CommandDeps = { ...options, settings, payments, log: app.log };
  const storage = options.storage ?? createLocalDiskStorage(localUploadsDir(config.dataDir));
  const mailer = options.mailer ?? createMailer(mailSettings, config.dataDir, app.log);
  const social = { ...(options.social ?? config.social), ...(options.appUrl ? { appUrl: options.appUrl } : {}) };
  const accountMail = createAccountMail({ db: options.db, mailer, clock: options.clock, log: app.log, appUrl: social.appUrl });
  const operatorMail = createOperatorMail({ db: options.db, mailer, clock: options.clock, log: app.log, appUrl: social.appUrl });
  const paymentMail = createPaymentMail({ db: options.db, store: options.store, mailer, log: app.log });
  app.addHook('onClose', async () => {
    await accountMail.idle(); // mail still being sent finishes before the pool and mailer go
    await operatorMail.idle();
    await paymentMail.idle();
    if (!options.payments) await payments.close?.();
    if (!options.mailer) await mailer.close();
  });
  installIdempotency(app, { db: options.db, secret: options.codeSecret, log: app.log });
  app.decorate('lifecycle', { draining: false });
  await app.register(healthRoutes, { db: options.db, projectorNames, role: options.role ?? 'api', lifecycle: app.lifecycle });
  await app.register(dashboardRoutes, { db: options.db, clock: options.clock, projectorNames });
  await app.register(historyRoutes, { db: options.db, store: options.store });
  await app.register(authRoutes, {
    db: options.db,
    tokens: options.tokens,
    clock: options.clock,
    onRegistered: (user) => accountMail.sendConfirmation(user.email),
    secureCookies: social.appUrl.startsWith('https:'),
  });
  await app.register(recoveryRoutes, { db: options.db, tokens: options.tokens, accountMail, clock: options.clock });
  await app.register(confirmationRoutes, { db: options.db, accountMail, clock: options.clock });
  await app.register(contactRoutes, { db: options.db, mailer, supportEmail: async () => (await settings.current()).supportEmail, clock: options.clock });
  await app.register(socialRoutes, { db: options.db, tokens: options.tokens, settings: social });
  await app.register(userRoutes, { db: options.db, store: options.store, storage, clock: options.clock, awaitProjections: options.awaitProjections });
  await app.register(operatorRoutes, {
    db: options.db,
    store: options.store,
    clock: options.clock,
    mail: operatorMail,
    masterEmail: config.masterOperatorEmail,
  });
  await app.register(invitationRoutes, { db: options.db, clock: options.clock });
  // After a projections rebuild switched the tables: every Hub reloaded, the settings read again.
  const hubReads = installHubReadPath(app, {
    db: options.db,
    store: options.store,
    clock: options.clock,
    projectorNames,
    onSwitch: () => settings.invalidate(),
  });
  await app.register(hubRoutes, { model: hubReads, clock: options.clock, holdsGrant: (hubId, userId) => holdsGrant(options.db, hubId, userId) });
  await app.register(hubAdminRoutes, { ...deps, model: hubReads });
  await app.register(lockerRoutes, { ...deps, model: hubReads });
  await app.register(refundRoutes, deps);
  await app.register(reservationRoutes, { ...deps, paymentMail, reservationWritten: hubReads.noteReservation, hubOf: (id) => hubReads.cache.get(id)?.row });
  await app.register(pixWebhookRoutes, {
    ...deps,
    payments,
    paymentMail,
    webhookSecret: options.pixWebhookSecret ?? (paymentSettings ? webhookSecretOf(paymentSettings) : undefined),
  });
  await app.register(accessCodeRoute, deps);
  await app.register(uploadRoutes, { storage, clock: options.clock });
  await app.register(controllerRoutes, { ...deps, replay: options.controllerReplay, relocate: (jam, ctx) => relocateOffJammedLocker(deps, jam, ctx) });
  await app.register(logisticsRoutes, deps);
  await app.register(otpGenerateRoute, deps);
  await app.register(accessRoutes, { ...deps, model: hubReads, mailer: noticeMailer(mailer, settings, app.log) });
  await app.register(staffRoutes, deps);
  await app.register(alertRoutes, deps);
  await app.register(settingsRoutes, { ...deps, settings });
  // Reminders' notices, channels and Web Push subscriptions (issue 28 item 7, ADR 0023).
  await app.register(notificationRoutes, { db: options.db, clock: options.clock, pushPublicKey: () => vapidPublicKey(config.dataDir) });
  // Every process drops its settings when its change feed sees a change (before the pushes).
  app.changeFeed.listen((batch) => {
    if (batch.settings) settings.invalidate();
  });
  // Assignments from before migration 0029 become events once (a query that finds none after).
  await adoptLegacyStaff(deps);
  await app.register(partnerRoutes, deps);
  const partnerRateLimits = options.partnerRateLimits ?? partnerRateLimitsFromEnv(process.env);
  installSandboxHeader(app);
  await app.register(partnerApiRoutes, { ...deps, settings, model: hubReads, partnerRateLimits });
  await app.register(sandboxTokenRoute, { ...deps, settings, partnerRateLimits });
  await app.register(partnerPortalRoutes, deps);
  await app.register(webhookRoutes, deps);
  // Doors' states and controllers online/offline (issue 29 item 4).
  await app.register(doorStatusRoutes, {
    db: options.db,
    clock: options.clock,
    model: hubReads,
    offlineAfterMs: options.controllerOfflineAfterMs ?? controllerOfflineAfterMsFromEnv(),
  });
  await app.register(referenceRoutes);
  // Prometheus' /metrics (admin or METRICS_TOKEN), docs/operations.md.
  await app.register(metricsRoutes, { db: options.db, queue: options.queue, projectorNames });
  // bull-board at /admin/queues, admins only (docs/operations.md).
  await app.register(queueDashboard, { queue: options.queue, tokens: options.tokens, clock: options.clock, secureCookies: social.appUrl.startsWith('https:') });
  // The web app, each page with its own head tags (a Hub's page with its preview), robots.txt and
  // the sitemap (api/seo/).
  const publicOrigin = social.appUrl.replace(/\/+$/, '');
  const webServed = await serveWebApp(app, options.webDist ?? null, {
    appUrl: publicOrigin,
    config: options.webConfig ?? webConfigFromEnv(process.env),
    hubOf: (id) => hubReads.cache.get(id),
    clock: options.clock,
  });
  if (webServed) await app.register(seoRoutes, { db: options.db, cache: hubReads.cache, appUrl: publicOrigin });
  return app;
}
