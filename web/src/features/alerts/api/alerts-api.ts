import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { acknowledgeAlert, listAlerts, resolveAlert } from '@contract/alerts/alert-endpoints';
import { call } from '@/lib/api-call';
import { queryKeys } from '@/lib/query-keys';

// Alerts (issue 29 item 5): the list and the sidebar's count read GET /api/alerts (scoped by the
// server to the caller's Hubs). 'alerts:changed' pushes invalidate the whole ['alerts'] prefix;
// the poll is the fallback when the socket is gone.

const POLL_MS = 30_000;

const fetchAlerts = (signal: AbortSignal) => call<typeof listAlerts>('GET /api/alerts', {}, { signal });

export const useAlerts = () => useQuery({ queryKey: queryKeys.alerts.list, queryFn: ({ signal }) => fetchAlerts(signal), refetchInterval: POLL_MS });

/** Open alerts, for the sidebar's badge (the same answer as the page's list, one request for both). */
export const useOpenAlertCount = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.alerts.list,
    queryFn: ({ signal }) => fetchAlerts(signal),
    refetchInterval: POLL_MS,
    enabled,
    select: (data) => data.counts.open,
  });

function useAlertWrite<V>(write: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all }),
  });
}

export const useAcknowledgeAlert = () => useAlertWrite((id: string) => call<typeof acknowledgeAlert>('POST /api/alerts/{id}/ack', { params: { id } }));

export const useResolveAlert = () => useAlertWrite((id: string) => call<typeof resolveAlert>('POST /api/alerts/{id}/resolve', { params: { id }, body: {} }));
