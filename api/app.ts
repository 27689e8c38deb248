import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { installAuthGuard } from './auth/guard.js';
import { authRoutes } from './auth/routes.js';
import type { TokenService } from './auth/tokens.js';
import type { CommandDeps } from './commands/deps.js';
import { hubRoutes } from './hubs/hub-routes.js';
import { installErrorHandler } from './http/errors.js';
import { serveWebApp } from './http/web-app.js';
import { reservationRoutes } from './reservations/reservation-routes.js';

export interface AppOptions extends Omit<CommandDeps, 'log'> {
  tokens: TokenService;
  logger?: boolean | { level: string };
  /** The built web app to serve (web/dist); null or missing folder: API only. */
  webDist?: string | null;
}

/** The HTTP API. Everything it talks to comes in, so tests and both run modes build it alike. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: (req) => {
      const given = req.headers['x-correlation-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
  });
  installErrorHandler(app);
  await app.register(rateLimit, { global: false });
  installAuthGuard(app, options.tokens);

  const deps: CommandDeps = { ...options, log: app.log };
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.register(authRoutes, { db: options.db, tokens: options.tokens });
  await app.register(hubRoutes, { db: options.db, clock: options.clock });
  await app.register(reservationRoutes, deps);
  await serveWebApp(app, options.webDist ?? null);
  return app;
}
