// Security headers on every response (pages, assets, API answers, errors, 404s): pages and
// assets get helmet's whole set, JSON answers under /api the few that apply to them.
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

/**
 * What a JSON answer needs (OWASP REST Security Cheat Sheet): it is never rendered as a page, so
 * no script, frame or feature policy applies to it; it must not be sniffed, framed or shared
 * across origins, and HTTPS stays pinned. Six short headers instead of seventeen (1.5 KB) on
 * every API answer, which cost a third of a cached Hub read.
 */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** The API reference (/api/docs) is a page, with the pages' headers and Content-Security-Policy. */
const isApi = (url: string | undefined) =>
  url !== undefined && (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) && !url.startsWith('/api/docs');

const securityHeaders = (req: IncomingMessage) => (isApi(req.url) ? API_HEADERS : headersFor(req));

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders(request.raw));
    done();
  });
}

/** The same headers for replies Fastify builds without running hooks (malformed URLs). */
export function applySecurityHeaders(reply: FastifyReply): void {
  reply.headers(securityHeaders(reply.request.raw));
}
