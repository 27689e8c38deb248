import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** After an assignment: every team and operator's Hubs, and the history that records it. */
export function invalidateAfterStaffWrite(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
}
