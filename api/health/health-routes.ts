import type { FastifyPluginAsync } from 'fastify';
import type { Pool } from 'pg';
import { isAdmin } from '../auth/guard.js';
import { systemStatus } from './system-status.js';

/**
 * GET /api/health: 200 while the database answers (status 'ok', or 'degraded' when the read
 * models lag), 503 when it does not. Load balancers need only the status; admins (and the
 * dashboard) also get the projections' lag and what is wrong.
 */
export const healthRoutes: FastifyPluginAsync<{ db: Pool; projectorNames: string[] }> = async (app, { db, projectorNames }) => {
  app.get('/api/health', async (request, reply) => {
    const status = await systemStatus(db, projectorNames);
    reply.status(status.database === 'up' ? 200 : 503);
    return request.user && isAdmin(request.user) ? status : { status: status.status };
  });
};
