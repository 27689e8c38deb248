import type { DomainEvent } from '../shared/decider.js';

// What doors and controllers really did (issue 29): reported by the Hub's controller, or by a
// renter whose door did not open. Alerts, the locker history and the door-state views read these.

export type DoorStateKind = 'opened' | 'closed' | 'left_open' | 'jammed' | 'forced';

export interface DoorStateReportedData {
  /** The controller's event id (or the renter's report's), so a retried upload records it once. */
  reportId: string;
  hubId: string;
  lockerId: string;
  lockerOrder: number;
  state: DoorStateKind;
  /** When the door did it (the controller's time, corrected by its sync), not when Hub heard. */
  at: string;
  source: 'controller' | 'renter';
  reservationId: string | null;
  /** Reported from the controller's offline queue. */
  offline: boolean;
}

export interface ControllerWentOfflineData {
  hubId: string;
  /** The last heartbeat Hub received. */
  lastSeenAt: string;
  detectedAt: string;
}

export interface ControllerBackOnlineData {
  hubId: string;
  at: string;
  offlineSince: string;
}

export type DoorStateEvent =
  | DomainEvent<'DoorStateReported', DoorStateReportedData>
  | DomainEvent<'ControllerWentOffline', ControllerWentOfflineData>
  | DomainEvent<'ControllerBackOnline', ControllerBackOnlineData>;

/** The Hub's door states (one stream per Hub). */
export const doorStatesStreamId = (hubId: string) => `door-states-${hubId}`;
/** The Hub's controller going offline and coming back. */
export const controllerStreamId = (hubId: string) => `controller-${hubId}`;
