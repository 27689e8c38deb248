// Security headers on every response (pages, assets, API answers, errors, 404s), as helmet
// makes them.
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
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

const applyHelmet = helmet(options);

// The headers depend on the request only through its Host (the CSP's ws:// sources), so they
// are computed once per Host and set as one object: @fastify/helmet rebuilt helmet's whole
// middleware on every request, which cost more than a cached API answer does.
const MAX_HOSTS = 64;
const byHost = new Map<string, Record<string, string>>();

function headersFor(req: IncomingMessage): Record<string, string> {
  const host = req.headers.host ?? '';
  const known = byHost.get(host);
  if (known) return known;
  const headers: Record<string, string> = { 'permissions-policy': PERMISSIONS_POLICY };
  const capture = { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value), removeHeader: () => {} };
  applyHelmet({ headers: { host } } as IncomingMessage, capture as unknown as ServerResponse, () => {});
  if (byHost.size < MAX_HOSTS) byHost.set(host, headers);
  return headers;
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.raw));
    done();
  });
}

/** The same headers for replies Fastify builds without running hooks (malformed URLs). */
export function applySecurityHeaders(reply: FastifyReply): void {
  reply.headers(headersFor(reply.request.raw));
}
