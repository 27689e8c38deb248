import type { Queryable } from '../../infra/db/queryable.js';
import type { WebhookEventType } from '../../domain/webhooks/webhook-events.js';

// The webhooks projector's endpoint table as the API and the workers read it (only this folder
// names it). Per request, never cached: a pause or removal counts in every process once projected.

export interface WebhookEndpointRow {
  id: string;
  partner_id: string;
  url: string;
  events: WebhookEventType[];
  paused: boolean;
  secret_version: number;
  created_at: Date;
  updated_at: Date;
}

export async function webhookEndpointsOf(db: Queryable, partnerId: string): Promise<WebhookEndpointRow[]> {
  const { rows } = await db.query<WebhookEndpointRow>('SELECT * FROM rm_webhook_endpoints WHERE partner_id = $1 ORDER BY created_at, id', [partnerId]);
  return rows;
}

export async function webhookEndpoint(db: Queryable, partnerId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  const { rows } = await db.query<WebhookEndpointRow>('SELECT * FROM rm_webhook_endpoints WHERE partner_id = $1 AND id = $2', [partnerId, id]);
  return rows[0];
}

export async function webhookEndpointById(db: Queryable, id: string): Promise<WebhookEndpointRow | undefined> {
  const { rows } = await db.query<WebhookEndpointRow>('SELECT * FROM rm_webhook_endpoints WHERE id = $1', [id]);
  return rows[0];
}
