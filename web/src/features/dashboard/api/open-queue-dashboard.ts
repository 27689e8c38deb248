import { useMutation } from '@tanstack/react-query';
import type { createQueueTicket } from '@contract/operations/operations-endpoints';
import { call } from '@/lib/api-call';

// bull-board's page cannot read the app's bearer token, so the app asks for a one-minute ticket
// and sends the browser there with it; the server trades it for a cookie (docs/operations.md).
export function useOpenQueueDashboard() {
  return useMutation({
    mutationFn: () => call<typeof createQueueTicket>('POST /api/admin/queues/ticket', {}),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
