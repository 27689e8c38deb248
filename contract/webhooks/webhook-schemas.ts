import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../../domain/webhooks/webhook-events.js';
import { WebhookMessages } from '../../domain/webhooks/webhook-messages.js';

// The wire shapes of partners' webhooks (issue 27 item 4, docs/webhooks.md). The signing secret is
// answered only by registration and rotation; nothing else ever shows it.

export const WebhookEventName = z.enum(WEBHOOK_EVENT_TYPES, { error: WebhookMessages.eventUnknown });

export const WebhookParams = z.object({ id: z.uuid(WebhookMessages.notFound) });
export const WebhookDeliveryParams = z.object({ id: z.uuid(WebhookMessages.notFound), deliveryId: z.uuid(WebhookMessages.deliveryNotFound) });
export const PartnerWebhookParams = z.object({ id: z.uuid('Parceiro não encontrado'), webhookId: z.uuid(WebhookMessages.notFound) });
export const PartnerWebhookDeliveryParams = PartnerWebhookParams.extend({ deliveryId: z.uuid(WebhookMessages.deliveryNotFound) });

export const WebhookBody = z.object({
  url: z.string({ error: WebhookMessages.urlInvalid }).trim().min(1, WebhookMessages.urlInvalid).max(2000, 'Máximo de 2000 caracteres'),
  events: z.array(WebhookEventName, { error: WebhookMessages.eventsRequired }).min(1, WebhookMessages.eventsRequired).max(WEBHOOK_EVENT_TYPES.length),
});

export const WebhookChangeBody = z.object({
  events: z.array(WebhookEventName).min(1, WebhookMessages.eventsRequired).max(WEBHOOK_EVENT_TYPES.length).optional(),
  paused: z.boolean().optional().meta({ description: 'true pausa (as entregas esperam); false reativa.' }),
});

export const WebhookEndpointView = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(WebhookEventName),
    status: z.enum(['active', 'paused']),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });

export const CreatedWebhook = WebhookEndpointView.extend({
  secret: z.string().meta({ description: 'Segredo de assinatura (whsec_…): mostrado só nesta resposta.' }),
});

export const RotatedSecret = z.object({ id: z.uuid(), secret: z.string() });

export const WebhookAttempt = z.object({
  attempt: z.number().int(),
  series: z.number().int().meta({ description: '1 na primeira série; cada reenvio começa outra.' }),
  at: z.string(),
  status_code: z.number().int().nullable(),
  latency_ms: z.number().int(),
  error: z.string().nullable(),
});

export const WebhookDelivery = z
  .object({
    id: z.uuid(),
    event_id: z.uuid().meta({ description: 'O id do evento (Hub-Webhook-Id), o mesmo em toda tentativa e reenvio.' }),
    event_type: WebhookEventName,
    reservation_id: z.uuid(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    created_at: z.string(),
    next_attempt_at: z.string().nullable(),
    last_attempt_at: z.string().nullable(),
    last_status_code: z.number().int().nullable(),
    last_latency_ms: z.number().int().nullable(),
    last_error: z.string().nullable(),
    delivered_at: z.string().nullable(),
    attempt_log: z.array(WebhookAttempt),
  })
  .meta({ id: 'WebhookDelivery' });
