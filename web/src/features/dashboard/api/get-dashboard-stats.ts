import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { DashboardStats } from '../types';

/** The last `days` days (1–90) ending today, oldest first. */
export const getDashboardStats = (days: number, signal?: AbortSignal) => api.get<DashboardStats>(`/dashboard/stats?days=${days}`, { signal });

export const dashboardStatsQueryOptions = (days: number) =>
  queryOptions({ queryKey: queryKeys.admin.stats(days), queryFn: ({ signal }) => getDashboardStats(days, signal) });

/** Admin-only: pass enabled = false for other roles. */
export const useDashboardStats = (days: number, enabled = true) => useQuery({ ...dashboardStatsQueryOptions(days), enabled });
