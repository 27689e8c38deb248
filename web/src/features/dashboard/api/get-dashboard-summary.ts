import { queryOptions, useQuery } from '@tanstack/react-query';
import type { getDashboardSummary as GetDashboardSummary } from '@contract/dashboard/dashboard-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

export const getDashboardSummary = (signal?: AbortSignal) => call<typeof GetDashboardSummary>('GET /api/dashboard/summary', {}, { signal });

// While a projections rebuild runs, its progress in the status card is read again every 2 s.
export const dashboardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.summary,
    queryFn: ({ signal }) => getDashboardSummary(signal),
    refetchInterval: (query) => (query.state.data?.status.rebuild ? 2_000 : false),
  });

/** Admin-only: pass enabled = false for other roles (the call would answer 403). */
export const useDashboardSummary = (enabled = true) => useQuery({ ...dashboardSummaryQueryOptions(), enabled });
