import { lazy, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useAuth } from '@/features/auth';
import { dashboardRoleOf } from './dashboard-access';
import { canRunPickups } from './dashboard-permissions';
import { LOGISTICS_HUBS_PATH } from './use-hubs-base-path';

// Its own chunk: the router that imports this module is in the first load of every page.
const RestrictedNotice = lazy(() => import('./restricted-notice'));

/**
 * A dashboard screen whose calls only an admin may make (ADR 0019): anyone else gets `otherwise`,
 * by default a short 'Acesso restrito' panel, never a form the server would refuse.
 */
export function AdminOnly({ children, otherwise }: { children: ReactNode; otherwise?: ReactNode }) {
  const { user } = useAuth();
  if (dashboardRoleOf(user) === 'admin') return children;
  return otherwise ?? <RestrictedNotice />;
}

/**
 * A screen of pickups and doors (the queue, pickup codes, the terminal): admins and logistics;
 * maintenance staff get the 'Acesso restrito' panel, as the server answers them 403 (ADR 0020).
 */
export function PickupStaffOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (canRunPickups(dashboardRoleOf(user))) return children;
  return <RestrictedNotice />;
}

/** The admin's Hub table and detail, opened by logistics staff: their own screens for the same Hubs. */
export function ToLogisticsHubs() {
  const { id } = useParams();
  return <Navigate to={id ? `${LOGISTICS_HUBS_PATH}/${encodeURIComponent(id)}` : LOGISTICS_HUBS_PATH} replace />;
}
