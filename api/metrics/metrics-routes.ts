// GET /metrics: Prometheus' text for this API process (each replica exposes its own). Never
// public: an admin's bearer token, or the METRICS_TOKEN bearer Prometheus is configured with.
import type { FastifyPluginAsync } from 'fastify';
import type { Pool } from 'pg';
import { JOB_NAMES } from '../../commands/job-names.js';
import { collectedRegistry } from '../../infra/metrics/collected-series.js';
import { METRICS_CONTENT_TYPE, isMetricsToken, renderMetrics } from '../../infra/metrics/exposition.js';
import type { JobQueue } from '../../infra/queue/port.js';
import { projectionLag } from '../../projections/projection-lag.js';
import { bearerToken, isAdmin } from '../auth/guard.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { route } from '../contract/route.js';
import { getMetrics } from '../../contract/operations/operations-endpoints.js';

export interface MetricsRouteOptions {
  db: Pool;
  queue: JobQueue;
  projectorNames: string[];
}

export const metricsRoutes: FastifyPluginAsync<MetricsRouteOptions> = async (app, { db, queue, projectorNames }) => {
  const collected = collectedRegistry({
    pool: db,
    projectionLag: () => projectionLag(db, projectorNames),
    queueCounts: queue.jobCounts ? () => queue.jobCounts!(JOB_NAMES) : undefined,
  });
  route(app, getMetrics, async (request, reply) => {
    if (!isMetricsToken(bearerToken(request))) {
      if (!request.user) throw unauthorized();
      if (!isAdmin(request.user)) throw forbidden();
    }
    reply.header('content-type', METRICS_CONTENT_TYPE).header('cache-control', 'no-store');
    return renderMetrics(collected);
  });
};
