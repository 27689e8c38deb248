import type { DomainEvent } from '../shared/decider.js';
import type { DoorStateKind } from '../doors/door-state-events.js';

// Alerts (issue 29 item 5, ADR 0026): a door that jammed, was forced or was left open, or a
// controller that went offline, is an alert operators acknowledge and resolve. One stream per
// alert, `alert-{id}`, whose id is derived from the fact that raised it (alert-id.ts), so the
// fact raises it once however often it is read. Every event repeats the alert's Hub and locker,
// so readers (history, change feed) need no memory of the alert.

export type AlertKind = 'door_jammed' | 'door_forced' | 'door_left_open' | 'controller_offline';

export const ALERT_KINDS: readonly AlertKind[] = ['door_jammed', 'door_forced', 'door_left_open', 'controller_offline'];

/** Where an alert is: the Hub always, the locker for a door's alert. */
export interface AlertPlace {
  alertId: string;
  kind: AlertKind;
  hubId: string;
  lockerId?: string;
  lockerOrder?: number;
}

export interface AlertRaisedData extends AlertPlace {
  reservationId?: string;
  /** The event (DoorStateReported, ControllerWentOffline) that raised it. */
  sourceEventId: string;
  /** Who saw it: the controller, or the renter whose door did not open (a jam). */
  source: 'controller' | 'renter' | 'monitor';
  /** When it happened (the fact's time), not when Hub raised it. */
  at: string;
}

/** The same thing happened again while the alert was not resolved: counted on it, no new alert, no new e-mail. */
export interface AlertRepeatedData extends AlertPlace {
  sourceEventId: string;
  at: string;
}

export interface AlertAcknowledgedData extends AlertPlace {
  by: string;
  at: string;
}

export interface AlertResolvedData extends AlertPlace {
  by: string;
  at: string;
  note?: string;
}

export type AlertEvent =
  | DomainEvent<'AlertRaised', AlertRaisedData>
  | DomainEvent<'AlertRepeated', AlertRepeatedData>
  | DomainEvent<'AlertAcknowledged', AlertAcknowledgedData>
  | DomainEvent<'AlertResolved', AlertResolvedData>;

export const ALERT_EVENT_TYPES: ReadonlySet<string> = new Set(['AlertRaised', 'AlertRepeated', 'AlertAcknowledged', 'AlertResolved']);

export const ALERT_STREAM_PREFIX = 'alert-';
export const alertStreamId = (alertId: string) => `${ALERT_STREAM_PREFIX}${alertId}`;

/** The alert a door state raises, or null ('opened', 'closed': nothing wrong). */
export function alertKindOfDoorState(state: DoorStateKind): AlertKind | null {
  switch (state) {
    case 'jammed':
      return 'door_jammed';
    case 'forced':
      return 'door_forced';
    case 'left_open':
      return 'door_left_open';
    default:
      return null;
  }
}

/** Longest note a resolution may carry. */
export const MAX_ALERT_NOTE = 500;
