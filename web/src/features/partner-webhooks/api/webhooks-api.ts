import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InputOf } from '@contract/endpoint';
import type {
  changeWebhook,
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  replayWebhookDelivery,
} from '@contract/webhooks/webhook-endpoints';
import { call } from '@/lib/api-call';

// The webhooks panel's calls, under the partner's ['admin', 'partners', id] keys so the partners
// screens' refreshes include them.
const keys = {
  all: (partnerId: string) => ['admin', 'partners', partnerId, 'webhooks'] as const,
  deliveries: (partnerId: string, webhookId: string) => ['admin', 'partners', partnerId, 'webhooks', webhookId, 'deliveries'] as const,
};

export type WebhookInput = InputOf<typeof createWebhook>['body'];
export type WebhookChange = InputOf<typeof changeWebhook>['body'];

export const useWebhooks = (partnerId: string) =>
  useQuery({
    queryKey: keys.all(partnerId),
    queryFn: ({ signal }) => call<typeof listWebhooks>('GET /api/partners/{id}/webhooks', { params: { id: partnerId } }, { signal }),
  });

export const useWebhookDeliveries = (partnerId: string, webhookId: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.deliveries(partnerId, webhookId),
    queryFn: ({ signal }) =>
      call<typeof listWebhookDeliveries>('GET /api/partners/{id}/webhooks/{webhookId}/deliveries', { params: { id: partnerId, webhookId } }, { signal }),
    enabled,
    // Deliveries move on their own (retries): look again while the log is open.
    refetchInterval: 5000,
  });

function useWebhookMutation<V, R>(partnerId: string, mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all(partnerId) }) });
}

export const useCreateWebhook = (partnerId: string) =>
  useWebhookMutation(partnerId, (body: WebhookInput) => call<typeof createWebhook>('POST /api/partners/{id}/webhooks', { params: { id: partnerId }, body }));

export const useChangeWebhook = (partnerId: string) =>
  useWebhookMutation(partnerId, ({ webhookId, body }: { webhookId: string; body: WebhookChange }) =>
    call<typeof changeWebhook>('PATCH /api/partners/{id}/webhooks/{webhookId}', { params: { id: partnerId, webhookId }, body }),
  );

export const useDeleteWebhook = (partnerId: string) =>
  useWebhookMutation(partnerId, (webhookId: string) =>
    call<typeof deleteWebhook>('DELETE /api/partners/{id}/webhooks/{webhookId}', { params: { id: partnerId, webhookId } }),
  );

export const useReplayDelivery = (partnerId: string) =>
  useWebhookMutation(partnerId, ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
    call<typeof replayWebhookDelivery>('POST /api/partners/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/replay', {
      params: { id: partnerId, webhookId, deliveryId },
    }),
  );
