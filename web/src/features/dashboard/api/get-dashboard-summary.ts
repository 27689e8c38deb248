import { queryOptions, useQuery } from '@tanstack/react-query';
import type { getDashboardSummary as GetDashboardSummary } from '@contract/dashboard/dashboard-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

export const getDashboardSummary = (signal?: AbortSignal) => call<typeof GetDashboardSummary>('GET /api/dashboard/summary', {}, { signal });

export const dashboardSummaryQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.summary, queryFn: ({ signal }) => getDashboardSummary(signal) });

/** Admin-only: pass enabled = false for other roles (the call would answer 403). */
export const useDashboardSummary = (enabled = true) => useQuery({ ...dashboardSummaryQueryOptions(), enabled });
