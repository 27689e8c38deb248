import type { FastifyRequest } from 'fastify';
import { hashPartnerToken } from '../../commands/partner-token.js';
import { PartnerApiMessages, partnerInactive, partnerUnauthorized } from '../../contract/partner-api/partner-api-endpoints.js';
import type { Queryable } from '../../infra/db/queryable.js';
import { partnerByTokenHash } from '../../projections/partners/queries.js';
import { bearerToken } from '../auth/guard.js';
import { ApiError } from '../http/errors.js';
import { markSandbox } from './sandbox-header.js';

// Who a partner token belongs to, read from PostgreSQL on every request (no process-local cache):
// a regenerated token (its row replaced) or a deactivated partner is refused by every API process
// as soon as the partners projection has the event, and the dashboard's write waits for that.

export interface PartnerCaller {
  id: string;
  name: string;
  company_name: string;
  isActive: boolean;
  /** The token's kind: 'sandbox' calls run on simulated Hubs only (docs/sandbox.md). */
  mode: 'live' | 'sandbox';
}

/** The partner whose current token this is, or null (unknown, replaced, or its partner removed). */
export async function partnerByToken(db: Queryable, token: string): Promise<PartnerCaller | null> {
  if (!token) return null;
  const row = await partnerByTokenHash(db, hashPartnerToken(token));
  return row ? { id: row.id, name: row.name, company_name: row.company_name, isActive: row.is_active, mode: row.mode } : null;
}

/** The calling partner of a partner-API request, or a JSON 401 (no, bad or revoked token; inactive partner). */
export async function requirePartner(db: Queryable, request: FastifyRequest): Promise<PartnerCaller> {
  const partner = await partnerByToken(db, bearerToken(request) ?? '');
  if (!partner) throw new ApiError(401, partnerUnauthorized.code, PartnerApiMessages.unauthorized);
  if (partner.mode === 'sandbox') markSandbox(request);
  if (!partner.isActive) throw new ApiError(401, partnerInactive.code, PartnerApiMessages.inactive);
  return partner;
}
