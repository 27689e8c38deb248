import Building2 from 'lucide-react/icons/building-2';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import ExternalLink from 'lucide-react/icons/external-link';
import Handshake from 'lucide-react/icons/handshake';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogOut from 'lucide-react/icons/log-out';
import Plug from 'lucide-react/icons/plug';
import Settings from 'lucide-react/icons/settings';
import Truck from 'lucide-react/icons/truck';
import UserCheck from 'lucide-react/icons/user-check';
import Users from 'lucide-react/icons/users';
import type { ComponentType, SVGProps } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { AlertsNavBadge } from '@/features/alerts';
import type { User } from '@/features/auth';
import { cn } from '@/lib/cn';
import { initialsOf } from '@/lib/format';
import { ROLE_LABELS, type DashboardRole } from './dashboard-access';
import { navItemsFor, type NavIcon } from './dashboard-nav';
import { QueueDashboardButton } from './queue-dashboard-button';

const ICONS: Record<NavIcon, ComponentType<SVGProps<SVGSVGElement>>> = {
  home: LayoutDashboard,
  hubs: Building2,
  operators: Users,
  partners: Handshake,
  settings: Settings,
  collections: Truck,
  access: UserCheck,
  integration: Plug,
  alerts: TriangleAlert,
};

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-secondary text-secondary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
  );

interface SidebarProps {
  user: User;
  role: DashboardRole;
  onSignOut: () => void;
  /** Called when a link is followed (the phone sheet closes itself). */
  onNavigate?: () => void;
  /** The nav landmark's name: the sheet's copy needs one of its own. */
  navLabel?: string;
}

/** Title, the role's links (NavLink sets aria-current="page" on the active one), user and Sair. */
export function DashboardSidebar({ user, role, onSignOut, onNavigate, navLabel = 'Dashboard' }: SidebarProps) {
  return (
    <div className="flex h-full flex-col gap-6">
      <Link to="/dashboard" onClick={onNavigate} className="flex items-center gap-2 px-3 font-bold">
        <img src="/favicon.svg" alt="" className="size-8" />
        <span className="leading-tight">Dashboard de gestão</span>
      </Link>
      <nav aria-label={navLabel} className="flex flex-col gap-1">
        {navItemsFor(role).map((item) => {
          const Icon = ICONS[item.icon];
          return (
            <NavLink key={item.to} to={item.to} end={item.end} className={linkClass} onClick={onNavigate}>
              <Icon className="size-4 shrink-0" aria-hidden />
              {item.label}
              {item.icon === 'alerts' && <AlertsNavBadge />}
            </NavLink>
          );
        })}
      </nav>
      <div className="mt-auto flex flex-col gap-2 border-t pt-4">
        <Link
          to="/"
          onClick={onNavigate}
          className="flex items-center gap-3 rounded-md px-3 py-2 text-sm text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <ExternalLink className="size-4" aria-hidden /> Ver o site
        </Link>
        {role === 'admin' && <QueueDashboardButton />}
        <div className="flex items-center gap-3 px-3 py-2">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground" aria-hidden>
            {initialsOf(user.name) || '?'}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{user.name}</p>
            <p className="truncate text-xs text-muted-foreground">{ROLE_LABELS[role]}</p>
          </div>
        </div>
        <button
          type="button"
          onClick={onSignOut}
          className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <LogOut className="size-4" aria-hidden /> Sair
        </button>
      </div>
    </div>
  );
}
