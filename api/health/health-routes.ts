import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Pool } from 'pg';
import { readiness, type Role } from '../../infra/health/readiness.js';
import { isAdmin } from '../auth/guard.js';
import { systemStatus } from './system-status.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** `draining` is set when SIGTERM starts the drain: /api/health/ready answers 503 so balancers stop sending. */
    lifecycle: { draining: boolean };
  }
}

/**
 * GET /api/health: 200 while the database answers (status 'ok', or 'degraded' when the read
 * models lag), 503 when it does not. Load balancers need only the status; admins (and the
 * dashboard) also get the projections' lag and what is wrong.
 * GET /api/health/live: 200 while the process serves at all. GET /api/health/ready: 200 when the
 * database answers, every migration is applied and the process is not draining; else 503.
 */
export const healthRoutes: FastifyPluginAsync<{ db: Pool; projectorNames: string[]; role: Role; lifecycle: FastifyInstance['lifecycle'] }> = async (
  app,
  { db, projectorNames, role, lifecycle },
) => {
  app.get('/api/health', async (request, reply) => {
    const status = await systemStatus(db, projectorNames);
    reply.status(status.database === 'up' ? 200 : 503);
    return request.user && isAdmin(request.user) ? status : { status: status.status };
  });
  app.get('/api/health/live', async () => ({ status: 'ok' }));
  app.get('/api/health/ready', async (_request, reply) => {
    const answer = await readiness(db, role, !lifecycle.draining);
    reply.status(answer.ready ? 200 : 503);
    return answer;
  });
};
