import type { ErrorCase } from '../endpoint.js';
import { endpoint } from '../endpoint.js';
import { PushMessages } from '../../domain/reminders/push-endpoint.js';
import {
  NotificationIdParams,
  NotificationList,
  NotificationPreferences,
  NotificationPreferencesBody,
  PushSubscriptionBody,
  PushSubscriptionQuery,
  PushSubscriptionSaved,
  UnreadCount,
} from './notification-schemas.js';
import { notificationExamples } from './notification-examples.js';

// The renter's notices (issue 28 item 7, ADR 0023): reminders before a reservation's end and the
// overdue notice, listed in the header's bell; the channels the renter keeps on; the browser's
// Web Push subscriptions. Each caller reaches only their own.

const tag = 'Notificações';
const notFound: ErrorCase = { status: 404, code: 'not_found', message: 'Notificação não encontrada.' };
const invalidEndpoint: ErrorCase = { status: 400, code: 'invalid_push_endpoint', message: PushMessages.endpoint };

export const listNotifications = endpoint({
  method: 'GET',
  path: '/api/notifications',
  tag,
  summary: 'Os avisos do usuário (mais novos primeiro, até 50) e quantos não foram lidos',
  auth: 'bearer',
  responses: { 200: NotificationList },
  errors: [],
  examples: notificationExamples.list,
});

export const readNotification = endpoint({
  method: 'POST',
  path: '/api/notifications/{id}/read',
  tag,
  summary: 'Marca um aviso como lido',
  auth: 'bearer',
  params: NotificationIdParams,
  responses: { 200: UnreadCount },
  errors: [notFound],
  examples: notificationExamples.read,
});

export const readAllNotifications = endpoint({
  method: 'POST',
  path: '/api/notifications/read-all',
  tag,
  summary: 'Marca todos os avisos do usuário como lidos',
  auth: 'bearer',
  responses: { 200: UnreadCount },
  errors: [],
  examples: notificationExamples.readAll,
});

export const getNotificationPreferences = endpoint({
  method: 'GET',
  path: '/api/notification-preferences',
  tag,
  summary: 'Os canais de aviso do usuário (e-mail, no app, push) e se o push está disponível',
  description: 'Sem escolha feita, e-mail e avisos no app ficam ligados; o push vale quando o navegador está inscrito.',
  auth: 'bearer',
  responses: { 200: NotificationPreferences },
  errors: [],
  examples: notificationExamples.getPreferences,
});

export const putNotificationPreferences = endpoint({
  method: 'PUT',
  path: '/api/notification-preferences',
  tag,
  summary: 'Liga ou desliga canais de aviso (os omitidos ficam como estão)',
  auth: 'bearer',
  body: NotificationPreferencesBody,
  responses: { 200: NotificationPreferences },
  errors: [],
  examples: notificationExamples.putPreferences,
});

export const subscribePush = endpoint({
  method: 'POST',
  path: '/api/push-subscriptions',
  tag,
  summary: 'Inscreve este navegador para receber avisos push (Web Push)',
  description: 'O corpo é o PushSubscription.toJSON() do navegador. Uma inscrição que o serviço de push disser expirada (404/410) é apagada.',
  auth: 'bearer',
  body: PushSubscriptionBody,
  responses: { 201: PushSubscriptionSaved },
  errors: [invalidEndpoint, { status: 409, code: 'push_unavailable', message: PushMessages.unavailable }],
  examples: notificationExamples.subscribe,
});

export const unsubscribePush = endpoint({
  method: 'DELETE',
  path: '/api/push-subscriptions',
  tag,
  summary: 'Cancela a inscrição push deste navegador',
  auth: 'bearer',
  query: PushSubscriptionQuery,
  responses: { 204: null },
  errors: [{ status: 404, code: 'not_found', message: PushMessages.notFound }],
});

export const notificationEndpoints = {
  listNotifications,
  readNotification,
  readAllNotifications,
  getNotificationPreferences,
  putNotificationPreferences,
  subscribePush,
  unsubscribePush,
};
