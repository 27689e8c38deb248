import type { User } from '../../auth/types';

export type DashboardRole = 'admin' | 'logistics' | 'maintenance' | 'partner';

/**
 * Who may enter the dashboard, and as what: admins (role or flag), logistics staff, maintenance
 * staff, who read their Hubs only, and partners' users, who see their 'Integração' page only
 * (docs/adr/0020). Renters do not.
 */
export function dashboardRoleOf(user: Pick<User, 'role' | 'isAdmin'> | null | undefined): DashboardRole | null {
  if (!user) return null;
  if (user.role === 'admin' || user.isAdmin) return 'admin';
  if (user.role === 'logistics') return 'logistics';
  if (user.role === 'maintenance') return 'maintenance';
  if (user.role === 'partner') return 'partner';
  return null;
}

export const ROLE_LABELS: Record<DashboardRole, string> = { admin: 'Administrador', logistics: 'Logística', maintenance: 'Manutenção', partner: 'Parceiro' };

/** A partner's user has one screen: every other dashboard address leads there. */
export const PARTNER_HOME = '/dashboard/integration';
