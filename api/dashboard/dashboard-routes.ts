import type { FastifyPluginAsync } from 'fastify';
import type { Pool } from 'pg';
import { z } from 'zod';
import { config } from '../../infra/config.js';
import { requireRole } from '../auth/guard.js';
import { parse } from '../http/validation.js';
import { dailyStats } from './stats-query.js';
import { dashboardSummary } from './summary-query.js';

// The dashboard home (docs/admin-api.md, "Dashboard home"): admins only.

export interface DashboardRoutesOptions {
  db: Pool;
  clock: () => Date;
  projectorNames: string[];
  /** The master operator's e-mail (MASTER_OPERATOR_EMAIL). */
  masterOperatorEmail?: string;
}

const StatsQuery = z.object({
  days: z.coerce
    .number('Número de dias inválido')
    .int('O número de dias deve ser inteiro.')
    .min(1, 'O número de dias deve estar entre 1 e 90.')
    .max(90, 'O número de dias deve estar entre 1 e 90.')
    .default(30),
});

export const dashboardRoutes: FastifyPluginAsync<DashboardRoutesOptions> = async (app, options) => {
  const masterEmail = options.masterOperatorEmail ?? config.masterOperatorEmail;

  app.get('/api/dashboard/summary', async (request) => {
    requireRole(request, 'admin');
    return dashboardSummary(options.db, options.projectorNames, masterEmail);
  });

  app.get('/api/dashboard/stats', async (request) => {
    requireRole(request, 'admin');
    const { days } = parse(StatsQuery, request.query ?? {});
    return dailyStats(options.db, options.clock(), days);
  });
};
