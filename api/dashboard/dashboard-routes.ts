import type { FastifyPluginAsync } from 'fastify';
import type { Pool } from 'pg';
import { getDashboardStats, getDashboardSummary } from '../../contract/dashboard/dashboard-endpoints.js';
import { config } from '../../infra/config.js';
import { requireRole } from '../auth/guard.js';
import { route } from '../contract/route.js';
import { dailyStats } from './stats-query.js';
import { dashboardSummary } from './summary-query.js';

// The dashboard home (contract/dashboard/dashboard-endpoints.ts): admins only.

export interface DashboardRoutesOptions {
  db: Pool;
  clock: () => Date;
  projectorNames: string[];
  /** The master operator's e-mail (MASTER_OPERATOR_EMAIL). */
  masterOperatorEmail?: string;
}

export const dashboardRoutes: FastifyPluginAsync<DashboardRoutesOptions> = async (app, options) => {
  const masterEmail = options.masterOperatorEmail ?? config.masterOperatorEmail;

  route(app, getDashboardSummary, async (request) => {
    requireRole(request, 'admin');
    return dashboardSummary(options.db, options.projectorNames, masterEmail);
  });

  route(app, getDashboardStats, async (request, _reply, input) => {
    requireRole(request, 'admin');
    const { days } = input.query();
    return dailyStats(options.db, options.clock(), days);
  });
};
