import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a Hub or locker write: every Hub list and detail (public, admin, the renter pages) and
 * every dashboard read (summary, stats, lockers, history) may have changed with it.
 */
export function invalidateAfterHubWrite(queryClient: QueryClient): Promise<void> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.hubs.all }), queryClient.invalidateQueries({ queryKey: queryKeys.admin.all })]).then(
    () => undefined,
  );
}
