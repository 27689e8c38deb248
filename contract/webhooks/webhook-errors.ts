import type { ErrorCase } from '../endpoint.js';
import { WebhookMessages } from '../../domain/webhooks/webhook-messages.js';

// The refusals the webhook routes share, partner API and dashboard alike.

export const webhookNotFound: ErrorCase = { status: 404, code: 'webhook_not_found', message: WebhookMessages.notFound };
export const deliveryNotFound: ErrorCase = { status: 404, code: 'delivery_not_found', message: WebhookMessages.deliveryNotFound };
export const invalidWebhookUrl: ErrorCase = { status: 400, code: 'invalid_webhook_url', message: WebhookMessages.httpsOnly };
export const invalidWebhookEvents: ErrorCase = { status: 400, code: 'invalid_webhook_events', message: WebhookMessages.eventsRequired };
export const webhookLimit: ErrorCase = { status: 409, code: 'webhook_limit', message: WebhookMessages.tooMany };
