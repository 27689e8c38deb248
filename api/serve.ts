import { Redis } from 'ioredis';
import { config, isLoopbackHost } from '../infra/config.js';
import { createFileStorage } from '../infra/storage/factory.js';
import type { Secrets } from '../infra/config.js';
import type { Role } from '../infra/health/readiness.js';
import { chooseLogFormat } from '../infra/log/log-format.js';
import type { JobQueue } from '../infra/queue/port.js';
import type { Runtime } from '../infra/runtime.js';
import { projectorNames } from '../projections/all.js';
import { waitForProjections, waitToAnswer } from '../projections/projection-waits.js';
import { buildApp } from './app.js';
import { createTokenService } from './auth/tokens.js';
import { startRealtime } from './realtime/start-realtime.js';
import { startTracingOnce } from '../infra/tracing/start-tracing.js';

export interface ServedApi {
  /** Marks the process as draining (ready answers 503) without closing anything yet. */
  drain(): void;
  /** Stops accepting, lets requests in flight finish, closes sockets and the Redis clients. */
  close(): Promise<void>;
}

/**
 * Builds the API with its realtime gateway and listens on PORT. Both entry points use it. With
 * REDIS_URL set, rate-limit counters and Socket.IO's adapter live in Redis, shared by every API
 * process (keys under the QUEUE_NAME base, so one Redis can serve several deployments).
 */
export async function serveApi(runtime: Runtime, queue: JobQueue, secrets: Secrets, role: Role = 'api'): Promise<ServedApi> {
  // Traces when an OTLP endpoint is set, registered before the app's hooks are chosen (both
  // run modes start here; `npm start`'s projections and workers share this process's provider).
  const tracing = await startTracingOnce(role === 'api' ? 'hub-api' : 'hub');
  const tokens = createTokenService(secrets.jwtSecret);
  const shared = process.env.REDIS_URL ? sharedRedis(config.redisUrl) : undefined;
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
    maxUnpaidHolds: config.maxUnpaidHolds,
    // An answer never waits long for a projector (a frozen leader, say): past a short bound it is
    // made from the command's own events. A command that reads the read models asks for longer.
    awaitProjections: (position, timeoutMs) =>
      timeoutMs === undefined ? waitToAnswer(runtime.db, projectorNames, position) : waitForProjections(runtime.db, projectorNames, position, timeoutMs),
    logger: { level: config.logLevel, format: chooseLogFormat({ role, isTTY: process.stdout.isTTY, override: process.env.LOG_FORMAT }) },
    webDist: config.webDist,
    trustProxy: config.trustProxy,
    storage: createFileStorage({ dataDir: config.dataDir, s3: config.s3 }),
    role,
    rateLimitRedis: shared && { client: shared.rateLimits, nameSpace: `${config.queueName}-rate-limit:` },
  });
  const stopRealtime = await startRealtime(app, {
    db: runtime.db,
    store: runtime.store,
    redis: shared && { pub: shared.pub, sub: shared.sub, key: `${config.queueName}-socket.io` },
  });
  await app.listen({ port: config.port, host: config.host });
  const appUrl = config.appUrl;
  // Links must point where people reach the app; behind a balancer only APP_URL can say where.
  if (!appUrl.configured && (config.databaseUrl || !isLoopbackHost(config.host))) {
    app.log.warn(
      `APP_URL is not set: e-mailed links and social sign-in use ${appUrl.origin}, the address this process listens on. Set APP_URL to the address people use.`,
    );
  }
  return {
    drain() {
      app.lifecycle.draining = true;
    },
    async close() {
      app.lifecycle.draining = true;
      // Fastify first: it stops accepting, answers new requests on kept-alive connections 503
      // with Connection: close and waits for the ones in flight; its preClose hook has closed the
      // sockets (start-realtime.ts). Closing Socket.IO first would wait on the HTTP server while
      // Fastify, not yet closing, kept serving every kept-alive connection.
      // A kept-alive connection whose last request finished would hold the close until its
      // keep-alive timeout (72 s in Fastify): close such idle connections as they appear.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      try {
        await app.close();
      } finally {
        clearInterval(idle);
      }
      await stopRealtime();
      await shared?.close();
      await tracing?.flush();
    },
  };
}

function sharedRedis(url: string) {
  // Rate-limit calls fail at once while Redis is away (no offline queue) and the limiter then
  // lets the request through (skipOnError in app.ts): login keeps its PostgreSQL counters.
  const rateLimits = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
  const pub = new Redis(url);
  const sub = pub.duplicate();
  const clients = [rateLimits, pub, sub];
  for (const client of clients) client.on('error', () => {}); // ioredis reconnects by itself
  return {
    rateLimits,
    pub,
    sub,
    async close() {
      await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
    },
  };
}
