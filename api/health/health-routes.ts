import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Pool } from 'pg';
import { getHealth, getLiveness, getReadiness } from '../../contract/health/health-endpoints.js';
import { readiness, type Role } from '../../infra/health/readiness.js';
import { isAdmin } from '../auth/guard.js';
import { route } from '../contract/route.js';
import { systemStatus, type SystemStatus } from './system-status.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** `draining` is set when SIGTERM starts the drain: /api/health/ready answers 503 so balancers stop sending. */
    lifecycle: { draining: boolean };
  }
}

/** The status as JSON: instants as ISO text. */
const statusBody = (status: SystemStatus) => ({
  ...status,
  stopped: status.stopped.map((stop) => ({ ...stop, stopped_at: new Date(stop.stopped_at).toISOString() })),
});

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
  route(app, getHealth, async (request, reply) => {
    const status = await systemStatus(db, projectorNames);
    reply.status(status.database === 'up' ? 200 : 503);
    return request.user && isAdmin(request.user) ? statusBody(status) : { status: status.status };
  });
  route(app, getLiveness, async () => ({ status: 'ok' as const }));
  route(app, getReadiness, async (_request, reply) => {
    const answer = await readiness(db, role, !lifecycle.draining);
    reply.status(answer.ready ? 200 : 503);
    return answer;
  });
};
