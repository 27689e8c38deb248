import type { DomainEvent } from '../shared/decider.js';

// A partner's webhook endpoints (issue 27 item 4, ADR 0021): one stream per partner,
// `partner-webhooks-{partnerId}`, so the limit of endpoints per partner is decided on one
// aggregate with its expected version. The secret is never in an event: it is derived from the
// server's key, the endpoint id and `secretVersion` (commands/webhook-secret.ts).

/** The wire names a partner subscribes to, and the reservation events they come from. */
export const WEBHOOK_EVENT_SOURCES = {
  'reservation.created': 'ReservationCreated',
  'reservation.paid': 'PaymentConfirmed',
  'reservation.cancelled': 'ReservationCancelled',
  'reservation.expired': 'ReservationExpired',
  'reservation.door_opened': 'DoorOpened',
  'reservation.left_for_pickup': 'LeftForPickup',
  'reservation.collected': 'PickupCompleted',
} as const;

export type WebhookEventType = keyof typeof WEBHOOK_EVENT_SOURCES;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_SOURCES) as WebhookEventType[];

/** Reservation event type → wire name. */
export const WEBHOOK_TYPE_OF: Readonly<Record<string, WebhookEventType>> = Object.fromEntries(
  Object.entries(WEBHOOK_EVENT_SOURCES).map(([wire, source]) => [source, wire as WebhookEventType]),
);

/** Who did it: a dashboard user, the partner through its token, or the delivery worker. */
export type WebhookActor = { kind: 'user'; id: string } | { kind: 'partner'; id: string } | { kind: 'worker'; id: string };

interface Stamp {
  partnerId: string;
  endpointId: string;
  by: WebhookActor;
  at: string;
}

export type PauseReason = 'requested' | 'failing';

export type WebhookEvent =
  | DomainEvent<'WebhookEndpointRegistered', Stamp & { url: string; events: WebhookEventType[]; secretVersion: number }>
  | DomainEvent<'WebhookEndpointChanged', Stamp & { events: WebhookEventType[] }>
  | DomainEvent<'WebhookEndpointPaused', Stamp & { reason: PauseReason }>
  | DomainEvent<'WebhookEndpointResumed', Stamp>
  | DomainEvent<'WebhookEndpointRemoved', Stamp>
  | DomainEvent<'WebhookSecretRotated', Stamp & { secretVersion: number }>;

export const WEBHOOK_ENDPOINT_EVENT_TYPES: ReadonlySet<string> = new Set<WebhookEvent['type']>([
  'WebhookEndpointRegistered',
  'WebhookEndpointChanged',
  'WebhookEndpointPaused',
  'WebhookEndpointResumed',
  'WebhookEndpointRemoved',
  'WebhookSecretRotated',
]);

export const webhookStreamId = (partnerId: string) => `partner-webhooks-${partnerId}`;
