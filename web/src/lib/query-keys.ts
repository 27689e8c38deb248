// One query-key scheme for the app. Socket.IO pushes invalidate these same keys.
export const queryKeys = {
  auth: {
    socialProviders: ['auth', 'social-providers'] as const,
  },
  hubs: {
    all: ['hubs'] as const,
    lists: ['hubs', 'list'] as const,
    list: (variant: 'public' | 'all' | 'gmv' | 'mine') => ['hubs', 'list', variant] as const,
    // Under 'list', so the pushes that refresh the lists refresh the map's visible area too.
    inView: (variant: 'public' | 'all', bbox: string, zoom: number) => ['hubs', 'list', 'in-view', variant, bbox, zoom] as const,
    detail: (id: string) => ['hubs', 'detail', id] as const,
  },
  reservations: {
    all: ['reservations'] as const,
    detail: (id: string) => ['reservations', 'detail', id] as const,
    byUserAll: ['reservations', 'user'] as const,
    byUser: (userId: string) => ['reservations', 'user', userId] as const,
  },
  // Dashboard reads; `admin:changed` pushes invalidate the whole ['admin'] prefix.
  admin: {
    all: ['admin'] as const,
    summary: ['admin', 'summary'] as const,
    stats: (days: number) => ['admin', 'stats', days] as const,
    lockers: (hubId: string) => ['admin', 'lockers', hubId] as const,
    history: (scope: 'hub' | 'locker', id: string, filters: Record<string, string | undefined>) => ['admin', 'history', scope, id, filters] as const,
    asOf: (hubId: string, at: string) => ['admin', 'as-of', hubId, at] as const,
    // Staff assignments (issue 26): `staff:changed` and `admin:changed` pushes refresh them.
    staff: ['admin', 'staff'] as const,
    hubStaff: (hubId: string) => ['admin', 'staff', 'hub', hubId] as const,
    operatorHubs: (userId: string) => ['admin', 'staff', 'operator', userId] as const,
    users: ['admin', 'users'] as const,
  },
  // Access grants to private Hubs (issue 26); `access:changed` pushes invalidate the whole ['access'] prefix.
  access: {
    all: ['access'] as const,
    check: (userId: string, hubId: string) => ['access', 'check', userId, hubId] as const,
    requests: ['access', 'requests'] as const,
    members: (hubId: string) => ['access', 'members', hubId] as const,
  },
  // The platform's settings (issue 27); `settings:changed` pushes invalidate the whole ['settings'] prefix.
  settings: {
    all: ['settings'] as const,
    admin: ['settings', 'admin'] as const,
    public: ['settings', 'public'] as const,
  },
  // The renter's notices (issue 28 item 7); `reservation:changed` pushes invalidate the list.
  notifications: {
    all: ['notifications'] as const,
    list: ['notifications', 'list'] as const,
    preferences: ['notifications', 'preferences'] as const,
  },
  // Alerts (issue 29); `alerts:changed` pushes invalidate the whole ['alerts'] prefix.
  alerts: {
    all: ['alerts'] as const,
    list: ['alerts', 'list'] as const,
  },
  // Logistics screens (issue 9); `collections:changed` pushes invalidate the whole ['logistics'] prefix.
  logistics: {
    all: ['logistics'] as const,
    hubs: ['logistics', 'hubs'] as const,
    hub: (id: string) => ['logistics', 'hub', id] as const,
    collections: ['logistics', 'collections'] as const,
  },
  // Doors and controllers (issue 29 item 4); `doors:changed` pushes refresh them.
  doors: {
    all: ['doors'] as const,
    hub: (hubId: string) => ['doors', 'hub', hubId] as const,
    controllers: ['doors', 'controllers'] as const,
  },
};
