import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { reportDoorFailure as ReportDoorFailure } from '@contract/reservations/door-failure-endpoints';
import { call } from '@/lib/api-call';
import { createIntentKeys } from '@/lib/intent-keys';
import { queryKeys } from '@/lib/query-keys';

// 'A porta não abriu' (issue 29): a lost answer must not report twice, so the intent keeps its key.
const reports = createIntentKeys();

export const reportDoorFailure = (id: string) =>
  reports({ id }, (idempotencyKey) => call<typeof ReportDoorFailure>('POST /api/reservations/{id}/door-failed', { params: { id } }, { idempotencyKey }));

export function useReportDoorFailure(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reportDoorFailure(id),
    onSuccess: (answer) => {
      // The reservation as the report left it: the access page re-reads its code from there.
      queryClient.setQueryData(queryKeys.reservations.detail(id), answer.reservation);
      void queryClient.invalidateQueries({ queryKey: queryKeys.reservations.byUserAll });
      void queryClient.invalidateQueries({ queryKey: queryKeys.hubs.all });
    },
  });
}
