import type { User } from '../../auth/types';

export type DashboardRole = 'admin' | 'logistics';

/** Who may enter the dashboard, and as what: admins (role or flag) and logistics staff only. */
export function dashboardRoleOf(user: Pick<User, 'role' | 'isAdmin'> | null | undefined): DashboardRole | null {
  if (!user) return null;
  if (user.role === 'admin' || user.isAdmin) return 'admin';
  if (user.role === 'logistics') return 'logistics';
  return null;
}

export const ROLE_LABELS: Record<DashboardRole, string> = { admin: 'Administrador', logistics: 'Logística' };
