import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { DashboardSummary } from '../types';

export const getDashboardSummary = (signal?: AbortSignal) => api.get<DashboardSummary>('/dashboard/summary', { signal });

export const dashboardSummaryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.summary, queryFn: ({ signal }) => getDashboardSummary(signal) });

/** Admin-only: pass enabled = false for other roles (the call would answer 403). */
export const useDashboardSummary = (enabled = true) => useQuery({ ...dashboardSummaryQueryOptions(), enabled });
