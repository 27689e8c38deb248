import type { z } from 'zod';
import { EXAMPLE_IDS } from '../shared/example-data.js';
import type { CreatedWebhook, WebhookDelivery, WebhookEndpointView } from './webhook-schemas.js';

// The webhooks' examples: the partner of the story registers https://parceiro.example.com/hub.

const ids = {
  endpoint: '0193c2a4-5e6f-7a8b-9c0d-1e2f3a4b5c6d',
  delivery: '5b2e7c1d-9a3f-8e4b-a6c2-d1f0e9b8a7c6',
  event: '0193c2a5-1b2c-7d3e-8f4a-5b6c7d8e9f01',
};

const endpointView: z.output<typeof WebhookEndpointView> = {
  id: ids.endpoint,
  url: 'https://parceiro.example.com/hub',
  events: ['reservation.created', 'reservation.paid'],
  status: 'active',
  created_at: '2026-11-27T14:00:00.000Z',
  updated_at: '2026-11-27T14:00:00.000Z',
};

const created: z.output<typeof CreatedWebhook> = { ...endpointView, secret: 'whsec_3q2-7wEXAMPLEs3cr3tD0n0tUs3kX9fA1bC2dE3fG4h' };

const delivery: z.output<typeof WebhookDelivery> = {
  id: ids.delivery,
  event_id: ids.event,
  event_type: 'reservation.paid',
  reservation_id: EXAMPLE_IDS.reservation,
  status: 'delivered',
  attempts: 2,
  created_at: '2026-11-27T14:05:00.000Z',
  next_attempt_at: null,
  last_attempt_at: '2026-11-27T14:05:31.000Z',
  last_status_code: 200,
  last_latency_ms: 84,
  last_error: null,
  delivered_at: '2026-11-27T14:05:31.000Z',
  attempt_log: [
    { attempt: 1, series: 1, at: '2026-11-27T14:05:01.000Z', status_code: 500, latency_ms: 120, error: 'HTTP 500' },
    { attempt: 2, series: 1, at: '2026-11-27T14:05:31.000Z', status_code: 200, latency_ms: 84, error: null },
  ],
};

export const webhookExamples = {
  create: { body: { url: 'https://parceiro.example.com/hub', events: ['reservation.created', 'reservation.paid'] }, response: created },
  list: { response: [endpointView] },
  change: { body: { paused: true }, response: { ...endpointView, status: 'paused' as const } },
  deliveries: { response: [delivery] },
  replay: { response: { ...delivery, status: 'pending' as const, next_attempt_at: '2026-11-27T15:00:00.000Z', delivered_at: null } },
  rotate: { response: { id: ids.endpoint, secret: created.secret } },
};
