import type { FastifyPluginAsync } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import { isAdmin } from '../auth/guard.js';
import { notFound } from '../http/errors.js';
import { parse } from '../http/validation.js';
import { findHub, listHubs } from './hub-queries.js';
import { toHubResponse } from './hub-response.js';

export interface HubRoutesOptions {
  db: Pool;
  clock: () => Date;
}

const HubIdParams = z.object({ id: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9-]+$/, 'ID de Hub inválido') });

// Public reads. Private Hubs are listed for admins only (access grants come later); a private
// Hub's detail is shown without lockers to anyone who may not book it.
export const hubRoutes: FastifyPluginAsync<HubRoutesOptions> = async (app, { db, clock }) => {
  app.get('/api/hubs', async (request) => {
    const admin = request.user !== null && isAdmin(request.user);
    const rows = await listHubs(db, { includePrivate: admin, onlyWithGmv: false, now: clock() });
    return rows.map(({ hub, lockers }) => toHubResponse(hub, lockers, { withSecret: false, withLockers: true }));
  });

  app.get('/api/hubs/gmv', async () => {
    const rows = await listHubs(db, { includePrivate: false, onlyWithGmv: true, now: clock() });
    return rows.map(({ hub, lockers }) => toHubResponse(hub, lockers, { withSecret: false, withLockers: true }));
  });

  app.get('/api/hubs/:id', async (request) => {
    const { id } = parse(HubIdParams, request.params);
    const found = await findHub(db, id.toUpperCase(), clock());
    if (!found) throw notFound('Hub não encontrado');
    const admin = request.user !== null && isAdmin(request.user);
    const hasAccess = !found.hub.private || admin;
    return {
      ...toHubResponse(found.hub, hasAccess ? found.lockers : [], { withSecret: admin, withLockers: true }),
      has_access: hasAccess,
    };
  });
};
