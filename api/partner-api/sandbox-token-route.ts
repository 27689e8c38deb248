import type { FastifyPluginAsync } from 'fastify';
import type { CommandDeps } from '../../commands/deps.js';
import { SANDBOX_HEADER, SandboxApiMessages, issueSandboxToken, liveTokenRequired } from '../../contract/partner-api/partner-api-sandbox.js';
import { PARTNER_TOKEN_ACTOR } from '../../domain/partners/partner-events.js';
import { route } from '../contract/route.js';
import { ApiError } from '../http/errors.js';
import { issuePartnerToken } from '../partners/issue-partner-token.js';
import type { PartnerRateLimits } from './partner-gate.js';
import { createPartnerGate } from './partner-gate.js';
import type { SettingsReader } from '../../commands/settings-reader.js';

// POST /api/partner/v1/sandbox-token (docs/sandbox.md): a partner makes its own sandbox token with
// its live token; a sandbox token cannot make another (403 live_token_required), so a leaked test
// key never mints keys. The event names the partner's token as the actor (no user did it).

export interface SandboxTokenRouteOptions extends CommandDeps {
  settings: SettingsReader;
  partnerRateLimits: PartnerRateLimits;
}

export const sandboxTokenRoute: FastifyPluginAsync<SandboxTokenRouteOptions> = async (app, deps) => {
  // The partner API's gate (token, the admin's switch, the write rate limit, the required key).
  const gate = createPartnerGate(app, { db: deps.db, settings: deps.settings, limits: deps.partnerRateLimits });
  route(app, issueSandboxToken, async (request, reply) => {
    const partner = await gate.write(request, reply);
    if (!partner) return reply;
    if (partner.mode !== 'live') throw new ApiError(403, liveTokenRequired.code, SandboxApiMessages.liveTokenRequired);
    const ctx = { actor: { id: PARTNER_TOKEN_ACTOR, role: 'partner' }, correlationId: request.id, causationId: null, now: deps.clock() };
    const token = await issuePartnerToken(deps, partner.id, 'sandbox', PARTNER_TOKEN_ACTOR, ctx);
    // The answer is the new sandbox token: marked as such, though a live token asked for it.
    reply.code(201).header(SANDBOX_HEADER, 'true');
    return { token, hint: token.slice(-4), sandbox: true as const };
  });
};
