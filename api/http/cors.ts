// Cross-origin policy: the web app is served from the API's own origin, so by default no other
// origin may call it from a browser. CORS_ORIGINS (comma-separated exact origins) opens the API
// to others. Bearer tokens, not cookies, authenticate: credentials stay off.
import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

/** Exact origins from a CORS_ORIGINS value: 'https://a.example, https://b.example'. */
export function parseCorsOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin.length > 0);
}

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

const allowed: Omit<FastifyCorsOptions, 'origin'> = {
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Correlation-Id'],
  credentials: false,
  maxAge: 600,
  // A preflight without Access-Control-Request-Method would get a plain-text English 400.
  strictPreflight: false,
};

export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  const allowList = new Set(origins);
  // A foreign preflight is refused outright, in pt-BR (the plugin would answer it without
  // Access-Control-Allow-* headers, which browsers refuse less helpfully). The same origin never
  // needs CORS: browsers do not check it for their own origin.
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers.origin;
    const foreignPreflight = origin !== undefined && request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (foreignPreflight && !allowList.has(origin) && origin !== ownOrigin(request)) return done(new ApiError(403, 'cors_forbidden', 'Origem não permitida'));
    done();
  });
  // Static options with an origin function: the plugin prepares them once, where a per-request
  // delegator made it rebuild them on every request (a fifth of a cached read's time). A foreign
  // simple request proceeds without any Access-Control-Allow-* header, so the browser keeps its
  // answer from the page.
  await app.register(fastifyCors, {
    ...allowed,
    hook: 'onRequest',
    origin: (origin, callback) => callback(null, origin !== undefined && allowList.has(origin) ? origin : false),
  });
}
