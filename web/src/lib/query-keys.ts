// One query-key scheme for the app. Socket.IO pushes invalidate these same keys.
export const queryKeys = {
  hubs: {
    all: ['hubs'] as const,
    list: (variant: 'public' | 'all' | 'gmv') => ['hubs', 'list', variant] as const,
    detail: (id: string) => ['hubs', 'detail', id] as const,
  },
  reservations: {
    all: ['reservations'] as const,
    detail: (id: string) => ['reservations', 'detail', id] as const,
    byUser: (userId: string) => ['reservations', 'user', userId] as const,
  },
};
