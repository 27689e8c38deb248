import type { PoolClient } from 'pg';
import type { DoorStateEvent } from '../../domain/doors/door-state-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { Projector } from '../projector.js';
import { CONTROLLER_TRANSITIONS_TABLE, DOOR_STATES_TABLE } from './queries.js';

// rm_door_states and rm_controller_transitions (issue 29 item 4): each door's latest state and
// each controller's last online/offline transition. Reports are ordered by the door's own time
// (`at`), not by when Hub heard: an offline batch uploaded late never replaces a newer state.

const TYPES = new Set(['DoorStateReported', 'ControllerWentOffline', 'ControllerBackOnline']);

async function apply(client: PoolClient, stored: StoredEvent): Promise<void> {
  if (!TYPES.has(stored.type)) return;
  const event = { type: stored.type, data: stored.data } as DoorStateEvent;
  switch (event.type) {
    case 'DoorStateReported': {
      const d = event.data;
      // A report of the state the door is already in keeps its `since` (it has been so since then).
      await client.query(
        `INSERT INTO ${DOOR_STATES_TABLE} (locker_id, hub_id, locker_order, state, since, reported_at, source, reservation_id, offline)
           VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8)
         ON CONFLICT (locker_id) DO UPDATE SET
           hub_id = EXCLUDED.hub_id, locker_order = EXCLUDED.locker_order,
           since = CASE WHEN ${DOOR_STATES_TABLE}.state = EXCLUDED.state THEN ${DOOR_STATES_TABLE}.since ELSE EXCLUDED.since END,
           state = EXCLUDED.state, reported_at = EXCLUDED.reported_at, source = EXCLUDED.source,
           reservation_id = EXCLUDED.reservation_id, offline = EXCLUDED.offline
         WHERE ${DOOR_STATES_TABLE}.reported_at <= EXCLUDED.reported_at`,
        [d.lockerId, d.hubId, d.lockerOrder, d.state, d.at, d.source, d.reservationId, d.offline],
      );
      return;
    }
    case 'ControllerWentOffline':
      await client.query(
        `INSERT INTO ${CONTROLLER_TRANSITIONS_TABLE} (hub_id, status, offline_since, changed_at) VALUES ($1, 'offline', $2, $3)
         ON CONFLICT (hub_id) DO UPDATE SET status = 'offline', offline_since = EXCLUDED.offline_since, changed_at = EXCLUDED.changed_at`,
        [event.data.hubId, event.data.lastSeenAt, event.data.detectedAt],
      );
      return;
    case 'ControllerBackOnline':
      await client.query(
        `INSERT INTO ${CONTROLLER_TRANSITIONS_TABLE} (hub_id, status, offline_since, changed_at) VALUES ($1, 'online', NULL, $2)
         ON CONFLICT (hub_id) DO UPDATE SET status = 'online', offline_since = NULL, changed_at = EXCLUDED.changed_at`,
        [event.data.hubId, event.data.at],
      );
      return;
  }
}

export const doorStatesProjector: Projector = {
  name: 'door-states',
  tables: [DOOR_STATES_TABLE, CONTROLLER_TRANSITIONS_TABLE],
  apply,
  writeOnly: true, // its statements go with the batch's COMMIT (apply-batches.ts)
  accepts: (event) => TYPES.has(event.type),
};
