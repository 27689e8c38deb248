import type { Queryable } from '../../infra/db/queryable.js';

// The door states projector's tables (migration 0044) as the API and workers read them. Only this
// module and the projector name them (eslint.config.js, readModelOwners).

export const DOOR_STATES_TABLE = 'rm_door_states';
export const CONTROLLER_TRANSITIONS_TABLE = 'rm_controller_transitions';

export interface DoorStateRow {
  locker_id: string;
  hub_id: string;
  locker_order: number;
  state: 'opened' | 'closed' | 'left_open' | 'jammed' | 'forced';
  since: Date;
  reported_at: Date;
  source: 'controller' | 'renter';
  reservation_id: string | null;
  offline: boolean;
}

export interface ControllerTransitionRow {
  hub_id: string;
  status: 'online' | 'offline';
  offline_since: Date | null;
  changed_at: Date;
}

/** Each door's latest state of these Hubs. */
export async function doorStatesOf(db: Queryable, hubIds: readonly string[]): Promise<DoorStateRow[]> {
  const { rows } = await db.query<DoorStateRow>(
    `SELECT locker_id, hub_id, locker_order, state, since, reported_at, source, reservation_id, offline
       FROM ${DOOR_STATES_TABLE} WHERE hub_id = ANY($1) ORDER BY hub_id, locker_order`,
    [hubIds],
  );
  return rows;
}

/** The last online/offline transition of these Hubs' controllers (none recorded: no row). */
export async function controllerTransitionsOf(db: Queryable, hubIds: readonly string[]): Promise<ControllerTransitionRow[]> {
  const { rows } = await db.query<ControllerTransitionRow>(
    `SELECT hub_id, status, offline_since, changed_at FROM ${CONTROLLER_TRANSITIONS_TABLE} WHERE hub_id = ANY($1)`,
    [hubIds],
  );
  return rows;
}
