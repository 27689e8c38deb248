import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { CommandDeps } from '../../commands/deps.js';
import { PartnerPortalMessages, getPortalMe, issuePortalToken } from '../../contract/partner-portal/partner-portal-endpoints.js';
import type { PortalMeView } from '../../contract/partner-portal/partner-portal-schemas.js';
import type { LockerSize } from '../../domain/hubs/hub-events.js';
import { SANDBOX_HUBS } from '../../domain/sandbox/sandbox-hubs.js';
import type { PartnerRow } from '../../projections/partners/queries.js';
import { partnerById, partnerIdOfMember } from '../../projections/partners/queries.js';
import { requireUser } from '../auth/guard.js';
import { route } from '../contract/route.js';
import { commandContext } from '../http/command-context.js';
import { forbidden } from '../http/errors.js';
import { issuePartnerToken } from '../partners/issue-partner-token.js';

// The partner's own page, 'Integração' (contract/partner-portal/, ADR 0020): only an account with
// the role 'partner' that is a member of a partner (rm_partner_users) reaches it, and only its own
// partner; admins run partners from /dashboard/partners instead, everyone else gets 403.

const SIZES: LockerSize[] = ['P', 'M', 'G', 'X'];

// The simulated Hubs never change: their summary is made once.
const sandboxHubs: PortalMeView['sandbox_hubs'] = SANDBOX_HUBS.flatMap((hub) =>
  hub.status === 'registered'
    ? [
        {
          id: hub.hubId,
          name: hub.details.name,
          address: hub.details.address,
          sizes: SIZES.map((size) => {
            const lockers = hub.lockers.filter((l) => l.size === size);
            return { size, lockers: lockers.length, price_per_hour: lockers[0]?.pricePerHourCents ?? 0 };
          }).filter((s) => s.lockers > 0),
        },
      ]
    : [],
);

const tokenState = (hint: string | null, issuedAt: Date | null) => ({ has_token: hint !== null, hint, issued_at: issuedAt?.toISOString() ?? null });

const viewOf = (p: PartnerRow): PortalMeView => ({
  partner: { id: p.id, name: p.name, company_name: p.company_name, trading_name: p.trading_name, is_active: p.is_active },
  live_token: tokenState(p.token_hint, p.token_issued_at),
  sandbox_token: tokenState(p.sandbox_token_hint, p.sandbox_token_issued_at),
  sandbox_hubs: sandboxHubs,
  links: { api_reference: '/api/docs', openapi: '/api/openapi.json' },
});

export const partnerPortalRoutes: FastifyPluginAsync<CommandDeps> = async (app, deps) => {
  /** The caller and its partner, or 401/403. */
  async function member(request: FastifyRequest) {
    const user = requireUser(request);
    const partnerId = user.role === 'partner' ? await partnerIdOfMember(deps.db, user.id) : null;
    const partner = partnerId ? await partnerById(deps.db, partnerId) : undefined;
    if (!partner) throw forbidden(PartnerPortalMessages.notMember);
    return { user, partner };
  }

  route(app, getPortalMe, async (request) => viewOf((await member(request)).partner));

  route(app, issuePortalToken, async (request, _reply, input) => {
    const { user, partner } = await member(request);
    const { kind } = input.body();
    const token = await issuePartnerToken(deps, partner.id, kind, user.id, commandContext(request, user, deps.clock()));
    return { kind, token, me: viewOf((await partnerById(deps.db, partner.id)) ?? partner) };
  });
};
