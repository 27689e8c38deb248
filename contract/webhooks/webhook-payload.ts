import { z } from 'zod';
import { EXAMPLE_IDS } from '../shared/example-data.js';
import { WebhookEventName } from './webhook-schemas.js';

// What Hub POSTs to a partner's endpoint (docs/webhooks.md): the OpenAPI document lists it under
// `webhooks`, with its headers, so integrators read the delivery where they read the API.

export const WebhookPayload = z
  .object({
    id: z.uuid().meta({ description: 'O id do evento: o mesmo em toda tentativa e reenvio. Descarte um id já processado.' }),
    type: WebhookEventName,
    created_at: z.string().meta({ description: 'Quando o evento aconteceu (ISO-8601).' }),
    data: z.object({
      id: z.uuid(),
      hub_id: z.string(),
      locker_number: z.number().int(),
      size: z.enum(['P', 'M', 'G', 'X']),
      start_time: z.string(),
      end_time: z.string(),
      status: z.enum(['pending', 'active', 'awaiting_pickup', 'completed', 'cancelled', 'expired']),
      price_cents: z.number().int(),
      customer: z.object({ name: z.string(), email: z.string().optional(), phone: z.string().optional() }).nullable(),
    }),
  })
  .meta({ id: 'WebhookPayload' });

export const webhookPayloadExample: z.output<typeof WebhookPayload> = {
  id: '0193c2a5-1b2c-7d3e-8f4a-5b6c7d8e9f01',
  type: 'reservation.paid',
  created_at: '2026-11-27T14:05:00.000Z',
  data: {
    id: EXAMPLE_IDS.reservation,
    hub_id: 'SP-01',
    locker_number: 1,
    size: 'M',
    start_time: '2026-11-27T14:00:00.000Z',
    end_time: '2026-11-27T16:00:00.000Z',
    status: 'active',
    price_cents: 1500,
    customer: { name: 'Ana Souza', email: 'ana@example.com' },
  },
};

export const WEBHOOK_HEADERS = {
  'Hub-Signature':
    't={segundos Unix},v1={HMAC-SHA256 em hexadecimal de "{t}.{corpo bruto}" com o segredo do webhook}. Recuse t a mais de 5 minutos do seu relógio.',
  'Hub-Webhook-Id': 'O id do evento (igual a `id` no corpo).',
  'Hub-Webhook-Event': 'O tipo do evento (igual a `type`).',
} as const;
