// A limit per e-mail address for the routes that send mail, on top of the per-address (IP) limit
// in each route's config: the same @fastify/rate-limit store, keyed by a hash of the e-mail. Runs
// inside the handler because the e-mail is in the body, and every e-mail (with an account or
// not) is counted alike, so a 429 reveals nothing either.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RetryLaterError } from '../http/errors.js';

export const TOO_MANY_MAILS = 'Muitas solicitações para este e-mail. Tente novamente mais tarde.';

export function perEmailLimit(app: FastifyInstance, name: string, max: number, timeWindowMs: number) {
  const check = app.createRateLimit({
    max,
    timeWindow: timeWindowMs,
    keyGenerator: (request) => String((request as FastifyRequest & { mailKey?: string }).mailKey),
  });
  return async (request: FastifyRequest, email: string): Promise<void> => {
    (request as FastifyRequest & { mailKey?: string }).mailKey = `${name}:${createHash('sha256').update(email).digest('hex')}`;
    const result = await check(request);
    // isAllowed only reports the allow list; isExceeded says whether this request went over.
    if (!result.isAllowed && result.isExceeded) throw new RetryLaterError(429, 'rate_limited', TOO_MANY_MAILS, Math.max(1, result.ttlInSeconds));
  };
}
