import type { User } from '../../auth/types';

export type DashboardRole = 'admin' | 'logistics' | 'maintenance';

/**
 * Who may enter the dashboard, and as what: admins (role or flag), logistics staff, and maintenance
 * staff, who read their Hubs only (docs/adr/0020). Renters and partners (who sign in as renters
 * until issue 27) do not.
 */
export function dashboardRoleOf(user: Pick<User, 'role' | 'isAdmin'> | null | undefined): DashboardRole | null {
  if (!user) return null;
  if (user.role === 'admin' || user.isAdmin) return 'admin';
  if (user.role === 'logistics') return 'logistics';
  if (user.role === 'maintenance') return 'maintenance';
  return null;
}

export const ROLE_LABELS: Record<DashboardRole, string> = { admin: 'Administrador', logistics: 'Logística', maintenance: 'Manutenção' };
