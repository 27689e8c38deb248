import type { ResponseOf } from '@contract/endpoint';
import type { listWebhookDeliveries, listWebhooks } from '@contract/webhooks/webhook-endpoints';

// The webhooks panel's shapes: the contract's, never a copy.
export type WebhookEndpoint = ResponseOf<typeof listWebhooks>[number];
export type WebhookDelivery = ResponseOf<typeof listWebhookDeliveries>[number];
export type WebhookEventType = WebhookEndpoint['events'][number];
