// Security headers on every response (pages, assets, API answers, errors, 404s) via helmet.
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import { cspDirectives } from './content-security-policy.js';

const options = {
  contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
  // Strict-origin keeps the origin for Google's API-key referrer checks and nothing more.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  // Browsers ignore HSTS over plain http, so localhost keeps working; behind TLS it pins https.
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  crossOriginEmbedderPolicy: false,
} satisfies FastifyHelmetOptions;

// Geolocation is used by the map ("near me"); nothing else powerful is.
const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=(), payment=()';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}

const applyHelmet = helmet(options);

/** The same headers for replies Fastify builds without running hooks (malformed URLs). */
export function applySecurityHeaders(reply: FastifyReply): void {
  applyHelmet(reply.request.raw, reply.raw, () => {});
  reply.header('permissions-policy', PERMISSIONS_POLICY);
}
