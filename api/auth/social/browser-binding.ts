// Ties a sign-in attempt to the browser that started it. Without this, someone could start an
// attempt, sign in at the provider with their own account and send the callback link to a victim,
// whose browser would then be signed in as them (login CSRF). The random value lives in an
// HttpOnly cookie limited to the social routes; the attempt row keeps only its hash.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const COOKIE = 'hub_social_binding';
const VALUE = /^[A-Za-z0-9_-]{43}$/;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function readBinding(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === COOKIE && VALUE.test(value)) return value;
  }
  return null;
}

/** The browser's binding value, set when it has none yet (so parallel attempts in two tabs both work). */
export function ensureBinding(request: FastifyRequest, reply: FastifyReply): string {
  const existing = readBinding(request);
  if (existing) return existing;
  const value = randomBytes(32).toString('base64url');
  // Apple answers with a cross-site POST, which only carries SameSite=None cookies, and those
  // must be Secure; over plain http (this machine) Lax is the best a browser accepts.
  const https = request.protocol === 'https';
  const sameSite = https ? 'SameSite=None; Secure' : 'SameSite=Lax';
  void reply.header('set-cookie', `${COOKIE}=${value}; Path=/api/auth/social; Max-Age=3600; HttpOnly; ${sameSite}`);
  return value;
}
