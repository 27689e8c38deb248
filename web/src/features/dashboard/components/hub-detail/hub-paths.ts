import { useLocation } from 'react-router-dom';

// The Hub screens exist under /dashboard/hubs and /dashboard/logistics/hubs (spec "Dashboard"):
// links stay in the route set the user came in by.

export function useHubsBase(): string {
  const { pathname } = useLocation();
  return pathname.startsWith('/dashboard/logistics/') ? '/dashboard/logistics/hubs' : '/dashboard/hubs';
}

export function hubPaths(base: string, hubId: string) {
  const hub = `${base}/${encodeURIComponent(hubId)}`;
  return {
    list: base,
    detail: hub,
    history: `${hub}/history`,
    lockerHistory: (lockerId: string) => `${hub}/lockers/${encodeURIComponent(lockerId)}/history`,
  };
}

export const padLockerNumber = (order: number) => String(order).padStart(2, '0');
