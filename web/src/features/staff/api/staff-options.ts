import { useQuery } from '@tanstack/react-query';
import type { listHubs as ListHubs, WholeHubList } from '@contract/hubs/hub-endpoints';
import type { listUsers as ListUsers } from '@contract/users/user-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

// What the editors choose from: every Hub (an admin's GET /api/hubs lists the private ones too)
// and the accounts that may hold Hubs (logistics and maintenance, docs/adr/0020).

export const STAFF_ROLES = ['logistics', 'maintenance'] as const;

export const useAllHubs = () =>
  useQuery({ queryKey: queryKeys.hubs.list('all'), queryFn: ({ signal }) => call<typeof ListHubs>('GET /api/hubs', {}, { signal }) as Promise<WholeHubList> });

export const useStaffCandidates = () =>
  useQuery({
    queryKey: queryKeys.admin.users,
    queryFn: ({ signal }) => call<typeof ListUsers>('GET /api/users', {}, { signal }),
    select: (users) => users.filter((u) => (STAFF_ROLES as readonly string[]).includes(u.role)).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
  });
