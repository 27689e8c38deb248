import type { FastifyPluginAsync } from 'fastify';
import type { CommandDeps } from '../../commands/deps.js';
import { getPartnerMe } from '../../contract/partner-api/partner-api-endpoints.js';
import { route } from '../contract/route.js';
import { requirePartner } from './partner-by-token.js';

// The partner API, /api/partner/v1 (contract/partner-api/). Each route starts with requirePartner.

export const partnerApiRoutes: FastifyPluginAsync<CommandDeps> = async (app, deps) => {
  route(app, getPartnerMe, async (request) => {
    const partner = await requirePartner(deps.db, request);
    return { id: partner.id, name: partner.name, company_name: partner.company_name };
  });
};
