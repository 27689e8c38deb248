import { useLocation } from 'react-router-dom';

export const ADMIN_HUBS_PATH = '/dashboard/hubs';
export const LOGISTICS_HUBS_PATH = '/dashboard/logistics/hubs';

/** The Hub screens' route set: links from a page stay in the set it was opened in. */
export function hubsBasePathOf(pathname: string): string {
  return pathname === LOGISTICS_HUBS_PATH || pathname.startsWith(`${LOGISTICS_HUBS_PATH}/`) ? LOGISTICS_HUBS_PATH : ADMIN_HUBS_PATH;
}

export const useHubsBasePath = () => hubsBasePathOf(useLocation().pathname);
