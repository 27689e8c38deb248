import type { Pool } from 'pg';
import type { SystemStatus } from '../health/system-status.js';
import { systemStatus } from '../health/system-status.js';
import { hubAndLockerTotals } from '../../projections/hubs/queries.js';
import type { DashboardSummaryView, OperatorView, RebuildProgressView, StatusCardView } from '../../contract/dashboard/dashboard-schemas.js';
import { runningRebuild } from './rebuild-progress.js';

// The dashboard home's cards: Hub and locker totals (read models), the operators (users with
// admin access, the master account marked) and the system status the health endpoint reports,
// with a projections rebuild's progress while one runs (rebuild-progress.ts).

const LABELS = { ok: 'Online', degraded: 'Instável', down: 'Fora do ar' } as const;

export function statusCard(status: SystemStatus, rebuild: RebuildProgressView | null = null): StatusCardView {
  return { status: status.status, label: LABELS[status.status], problems: status.problems, rebuild };
}

async function totals(db: Pool) {
  const row = (await hubAndLockerTotals(db)) ?? { hubs: 0, lockers: 0, active: 0 };
  return { hubs: { total: row.hubs }, lockers: { total: row.lockers, active: row.active, inactive: row.lockers - row.active } };
}

/** Users with admin access, the master first, then by name. */
async function operators(db: Pool, masterEmail: string): Promise<OperatorView[]> {
  const { rows } = await db.query<OperatorView>(
    `SELECT id, name, email, CASE WHEN is_admin THEN 'admin' ELSE role END AS role, lower(email) = $1 AS is_master
       FROM users WHERE role = 'admin' OR is_admin
      ORDER BY lower(email) = $1 DESC, name, email`,
    [masterEmail.toLowerCase()],
  );
  return rows;
}

export async function dashboardSummary(db: Pool, projectorNames: string[], masterEmail: string): Promise<DashboardSummaryView> {
  const status = await systemStatus(db, projectorNames);
  if (status.database === 'down') {
    // Nothing else can be read; the card says why.
    return { hubs: { total: 0 }, lockers: { total: 0, active: 0, inactive: 0 }, operators: { total: 0, list: [] }, status: statusCard(status) };
  }
  const [counts, list, rebuild] = await Promise.all([totals(db), operators(db, masterEmail), runningRebuild(db)]);
  return { ...counts, operators: { total: list.length, list }, status: statusCard(status, rebuild) };
}
