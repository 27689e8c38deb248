import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import type { ErrorCase } from '../endpoint.js';
import { forbiddenError } from '../shared/error-body.js';
import { webhookExamples } from './webhook-examples.js';
import { deliveryNotFound, invalidWebhookEvents, invalidWebhookUrl, webhookLimit, webhookNotFound } from './webhook-errors.js';
import {
  CreatedWebhook,
  PartnerWebhookDeliveryParams,
  PartnerWebhookParams,
  WebhookBody,
  WebhookChangeBody,
  WebhookDelivery,
  WebhookEndpointView,
} from './webhook-schemas.js';

// A partner's webhooks on the dashboard (issue 27 item 4): the same operations as the partner API,
// for administrators and for the users of that partner (rm_partner_users); anyone else 403.

const base = { tag: 'Webhooks', auth: 'bearer' } as const;
const partnerNotFound: ErrorCase = { status: 404, code: 'not_found', message: 'Parceiro não encontrado' };
const PartnerParams = z.object({ id: z.uuid('Parceiro não encontrado') });
const callerErrors = [forbiddenError, partnerNotFound];

export const listWebhooks = endpoint({
  ...base,
  method: 'GET',
  path: '/api/partners/{id}/webhooks',
  summary: 'Os webhooks de um parceiro',
  params: PartnerParams,
  responses: { 200: z.array(WebhookEndpointView) },
  errors: callerErrors,
  examples: webhookExamples.list,
});

export const createWebhook = endpoint({
  ...base,
  method: 'POST',
  path: '/api/partners/{id}/webhooks',
  summary: 'Registra um webhook do parceiro; o segredo vem só nesta resposta',
  params: PartnerParams,
  body: WebhookBody,
  responses: { 201: CreatedWebhook },
  errors: [...callerErrors, invalidWebhookUrl, invalidWebhookEvents, webhookLimit],
  examples: webhookExamples.create,
});

export const changeWebhook = endpoint({
  ...base,
  method: 'PATCH',
  path: '/api/partners/{id}/webhooks/{webhookId}',
  summary: 'Altera os eventos, pausa ou reativa um webhook do parceiro',
  params: PartnerWebhookParams,
  body: WebhookChangeBody,
  responses: { 200: WebhookEndpointView },
  errors: [...callerErrors, webhookNotFound, invalidWebhookEvents],
  examples: webhookExamples.change,
});

export const deleteWebhook = endpoint({
  ...base,
  method: 'DELETE',
  path: '/api/partners/{id}/webhooks/{webhookId}',
  summary: 'Remove um webhook do parceiro',
  params: PartnerWebhookParams,
  responses: { 204: null },
  errors: [...callerErrors, webhookNotFound],
});

export const listWebhookDeliveries = endpoint({
  ...base,
  method: 'GET',
  path: '/api/partners/{id}/webhooks/{webhookId}/deliveries',
  summary: 'As entregas de um webhook do parceiro, das mais novas às mais antigas',
  params: PartnerWebhookParams,
  responses: { 200: z.array(WebhookDelivery) },
  errors: [...callerErrors, webhookNotFound],
  examples: webhookExamples.deliveries,
});

export const replayWebhookDelivery = endpoint({
  ...base,
  method: 'POST',
  path: '/api/partners/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/replay',
  summary: 'Reenvia uma entrega (nova série de tentativas, o mesmo id de evento)',
  params: PartnerWebhookDeliveryParams,
  responses: { 202: WebhookDelivery },
  errors: [...callerErrors, webhookNotFound, deliveryNotFound],
  examples: webhookExamples.replay,
});

export const webhookEndpoints = { listWebhooks, createWebhook, changeWebhook, deleteWebhook, listWebhookDeliveries, replayWebhookDelivery };
