import type { DoorStateEvent } from '../../domain/doors/door-state-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { EventFacts, HistoryRow } from './history-rows.js';

// Door states and controllers going offline and back (issue 29 item 4) → the history. A door's
// row is dated by when the door did it (`at`, the controller's time), not by when Hub heard:
// reports uploaded after an outage take their place in the order things happened.

export const DOOR_HISTORY_TYPES = new Set(['DoorStateReported', 'ControllerWentOffline', 'ControllerBackOnline']);

export function doorHistory(stored: StoredEvent, facts: EventFacts): { facts: EventFacts; row: HistoryRow } {
  const event = { type: stored.type, data: stored.data } as DoorStateEvent;
  switch (event.type) {
    case 'DoorStateReported': {
      const d = event.data;
      return {
        facts: { ...facts, at: d.at },
        row: {
          kind: 'door_state',
          hubId: d.hubId,
          lockerId: d.lockerId,
          lockerOrderNumber: d.lockerOrder,
          reservationId: d.reservationId,
          data: { state: d.state, source: d.source, offline: d.offline },
        },
      };
    }
    case 'ControllerWentOffline':
      return { facts, row: { kind: 'controller_offline', hubId: event.data.hubId, data: { last_seen_at: event.data.lastSeenAt } } };
    case 'ControllerBackOnline':
      return { facts, row: { kind: 'controller_online', hubId: event.data.hubId, data: { offline_since: event.data.offlineSince, at: event.data.at } } };
  }
}
