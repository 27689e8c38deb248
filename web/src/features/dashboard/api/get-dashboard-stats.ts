import { queryOptions, useQuery } from '@tanstack/react-query';
import type { getDashboardStats as GetDashboardStats } from '@contract/dashboard/dashboard-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

/** The last `days` days (1–90) ending today, oldest first. */
export const getDashboardStats = (days: number, signal?: AbortSignal) =>
  call<typeof GetDashboardStats>('GET /api/dashboard/stats', { query: { days } }, { signal });

export const dashboardStatsQueryOptions = (days: number) =>
  queryOptions({ queryKey: queryKeys.admin.stats(days), queryFn: ({ signal }) => getDashboardStats(days, signal) });

/** Admin-only: pass enabled = false for other roles. */
export const useDashboardStats = (days: number, enabled = true) => useQuery({ ...dashboardStatsQueryOptions(days), enabled });
