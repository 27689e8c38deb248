import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../infra/db/queryable.js';
import type { SettingsReader } from '../../commands/settings-reader.js';
import { PartnerApiMessages, apiAccessDisabled, idempotencyKeyRequired } from '../../contract/partner-api/partner-api-errors.js';
import { ApiError, RetryLaterError } from '../http/errors.js';
import type { PartnerCaller } from './partner-by-token.js';
import { requirePartner } from './partner-by-token.js';

// What every partner-API request passes before its handler acts (issue 27 item 3): the token
// names an active partner (401), the admin left the API on (403, read from the settings in force,
// so a change counts in every process within a second), the partner is within its per-token
// rate limit (429 with Retry-After; counted in the app's rate-limit store, Redis when REDIS_URL
// is set, so the limit holds across API replicas), and a write carries an Idempotency-Key
// (400), claimed in the partner's own scope so a retry acts once and answers the same.

export interface PartnerRateLimits {
  readsPerMinute: number;
  writesPerMinute: number;
}

export const DEFAULT_PARTNER_RATE_LIMITS: PartnerRateLimits = { readsPerMinute: 120, writesPerMinute: 30 };

/** PARTNER_RATE_LIMIT_READS_PER_MIN and PARTNER_RATE_LIMIT_WRITES_PER_MIN, else the defaults. */
export function partnerRateLimitsFromEnv(env: NodeJS.ProcessEnv): PartnerRateLimits {
  const read = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    readsPerMinute: read('PARTNER_RATE_LIMIT_READS_PER_MIN', DEFAULT_PARTNER_RATE_LIMITS.readsPerMinute),
    writesPerMinute: read('PARTNER_RATE_LIMIT_WRITES_PER_MIN', DEFAULT_PARTNER_RATE_LIMITS.writesPerMinute),
  };
}

export interface PartnerGate {
  /** A read: the calling partner, or the refusal. */
  read(request: FastifyRequest): Promise<PartnerCaller>;
  /** A write: the calling partner, or null when the kept answer of an earlier try was sent. */
  write(request: FastifyRequest, reply: FastifyReply): Promise<PartnerCaller | null>;
}

type Kind = 'read' | 'write';
type LimitedRequest = FastifyRequest & { partnerLimitKey?: string };

export function createPartnerGate(app: FastifyInstance, deps: { db: Queryable; settings: SettingsReader; limits: PartnerRateLimits }): PartnerGate {
  const limiters = {
    read: app.createRateLimit({ max: deps.limits.readsPerMinute, timeWindow: 60_000, keyGenerator: (r) => String((r as LimitedRequest).partnerLimitKey) }),
    write: app.createRateLimit({ max: deps.limits.writesPerMinute, timeWindow: 60_000, keyGenerator: (r) => String((r as LimitedRequest).partnerLimitKey) }),
  };

  const caller = async (request: FastifyRequest, kind: Kind): Promise<PartnerCaller> => {
    const partner = await requirePartner(deps.db, request);
    if (!(await deps.settings.current()).apiAccessEnabled) throw new ApiError(403, apiAccessDisabled.code, PartnerApiMessages.accessDisabled);
    // Per token: a partner holds one live and one sandbox token, each with its own budget.
    (request as LimitedRequest).partnerLimitKey = `partner-api:${kind}:${partner.id}:${partner.mode}`;
    const result = await limiters[kind](request);
    // isAllowed only reports the allow list; isExceeded says whether this request went over.
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      throw new RetryLaterError(429, 'rate_limited', PartnerApiMessages.rateLimited(seconds), seconds);
    }
    return partner;
  };

  return {
    read: (request) => caller(request, 'read'),
    async write(request, reply) {
      const partner = await caller(request, 'write');
      if (request.headers['idempotency-key'] === undefined) throw new ApiError(400, idempotencyKeyRequired.code, PartnerApiMessages.idempotencyKeyRequired);
      // A sandbox token's keys are its own: the same key and body live must not replay a test answer.
      return (await app.claimIdempotencyKey(request, reply, `partner${partner.mode === 'sandbox' ? '-sandbox' : ''}:${partner.id}`)) ? null : partner;
    },
  };
}
