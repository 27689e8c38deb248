import type { WebhookEventType } from './types';

/** The events in the order the API lists them, with their pt-BR names (a missing one fails the compile). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'reservation.created': 'Reserva criada',
  'reservation.paid': 'Reserva paga',
  'reservation.cancelled': 'Reserva cancelada',
  'reservation.expired': 'Reserva expirada',
  'reservation.door_opened': 'Porta aberta',
  'reservation.left_for_pickup': 'Deixado para retirada',
  'reservation.collected': 'Retirado',
};

export const WEBHOOK_EVENTS = Object.keys(WEBHOOK_EVENT_LABELS) as WebhookEventType[];

export const DELIVERY_STATUS_LABELS: Record<'pending' | 'delivered' | 'failed', string> = {
  pending: 'Pendente',
  delivered: 'Entregue',
  failed: 'Falhou',
};
