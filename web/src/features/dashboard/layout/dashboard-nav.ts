import type { DashboardRole } from './dashboard-access';

export type NavIcon = 'home' | 'hubs' | 'operators' | 'partners' | 'settings' | 'collections' | 'access' | 'integration' | 'alerts';

export interface NavItem {
  to: string;
  label: string;
  icon: NavIcon;
  /** Active on this exact path only (Início would otherwise match every dashboard page). */
  end?: boolean;
}

// The sidebar of spec "Dashboard": Início for everyone, then the role's own screens.
const HOME: NavItem = { to: '/dashboard', label: 'Início', icon: 'home', end: true };

const BY_ROLE: Record<DashboardRole, NavItem[]> = {
  admin: [
    { to: '/dashboard/hubs', label: 'Hubs', icon: 'hubs' },
    { to: '/dashboard/alerts', label: 'Alertas', icon: 'alerts' },
    { to: '/dashboard/access-requests', label: 'Solicitações de acesso', icon: 'access' },
    { to: '/dashboard/operators', label: 'Operadores', icon: 'operators' },
    { to: '/dashboard/partners', label: 'Parceiros', icon: 'partners' },
    { to: '/dashboard/settings', label: 'Configurações', icon: 'settings' },
  ],
  logistics: [
    { to: '/dashboard/logistics/hubs', label: 'Hubs', icon: 'hubs' },
    { to: '/dashboard/logistics/collections', label: 'Coletas', icon: 'collections' },
    { to: '/dashboard/alerts', label: 'Alertas', icon: 'alerts' },
  ],
  // Maintenance reads its Hubs and their lockers; the pickup queue is not theirs (docs/adr/0020).
  maintenance: [{ to: '/dashboard/logistics/hubs', label: 'Hubs', icon: 'hubs' }],
  // A partner's user: its integration only, no Início (docs/adr/0020).
  partner: [{ to: '/dashboard/integration', label: 'Integração', icon: 'integration' }],
};

export const navItemsFor = (role: DashboardRole): NavItem[] => (role === 'partner' ? BY_ROLE.partner : [HOME, ...BY_ROLE[role]]);
