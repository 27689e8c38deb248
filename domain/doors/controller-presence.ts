import type { Decider } from '../shared/decider.js';
import type { DoorStateEvent } from './door-state-events.js';

// Whether a Hub's controller is online (issue 29 item 4). Every API replica computes it at read
// time from the last heartbeat (controller_heartbeats) and the same bound, so all answer alike;
// the sweep records the transitions as events (ControllerWentOffline, ControllerBackOnline) on
// `controller-{hubId}`, appended with the stream's version so racing sweepers record each once.

/** Three missed heartbeats of 30 s. */
export const DEFAULT_CONTROLLER_OFFLINE_AFTER_MS = 90_000;

export type ControllerStatus = 'online' | 'offline' | 'never';

/** 'never' for a Hub never heard from (no controller), not 'offline'. */
export function controllerStatus(lastSeenAt: Date | null, now: Date, offlineAfterMs: number): ControllerStatus {
  if (!lastSeenAt) return 'never';
  return now.getTime() - lastSeenAt.getTime() > offlineAfterMs ? 'offline' : 'online';
}

export type PresenceEvent = Extract<DoorStateEvent, { type: 'ControllerWentOffline' | 'ControllerBackOnline' }>;

export interface PresenceState {
  offline: boolean;
  /** The last heartbeat the latest ControllerWentOffline named (offline since then). */
  lastSeenAt: string | null;
  offlineSince: string | null;
}

export interface ObserveHeartbeat {
  type: 'ObserveHeartbeat';
  hubId: string;
  /** The last heartbeat kept (null: never heard from). */
  lastSeenAt: string | null;
  now: string;
  offlineAfterMs: number;
}

function decide(command: ObserveHeartbeat, state: PresenceState): PresenceEvent[] {
  if (!command.lastSeenAt) return [];
  const last = new Date(command.lastSeenAt);
  const status = controllerStatus(last, new Date(command.now), command.offlineAfterMs);
  if (status === 'offline' && !state.offline) {
    return [{ type: 'ControllerWentOffline', data: { hubId: command.hubId, lastSeenAt: command.lastSeenAt, detectedAt: command.now } }];
  }
  // Back only on a heartbeat newer than the one it went quiet after (never on the same one read late).
  if (status === 'online' && state.offline && (!state.lastSeenAt || last.getTime() > Date.parse(state.lastSeenAt))) {
    return [{ type: 'ControllerBackOnline', data: { hubId: command.hubId, at: command.lastSeenAt, offlineSince: state.offlineSince ?? command.lastSeenAt } }];
  }
  return [];
}

function evolve(state: PresenceState, event: PresenceEvent): PresenceState {
  if (event.type === 'ControllerWentOffline') {
    // Offline since its last heartbeat (it went quiet after it), not since the sweep noticed.
    return { offline: true, lastSeenAt: event.data.lastSeenAt, offlineSince: event.data.lastSeenAt };
  }
  return { ...state, offline: false };
}

export const presenceDecider: Decider<ObserveHeartbeat, PresenceEvent, PresenceState> = {
  decide,
  evolve,
  initialState: () => ({ offline: false, lastSeenAt: null, offlineSince: null }),
};
