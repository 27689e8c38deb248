import type { PoolClient } from 'pg';
import type { StaffEvent } from '../../domain/staff/staff-events.js';
import { STAFF_EVENT_TYPES } from '../../domain/staff/staff-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { Projector } from '../projector.js';

// hub_staff: which operator works which Hub (issue 26 item 7), from StaffHubsAssigned (the whole
// new set) and HubRemoved (a removed Hub leaves every operator's set at once, without an event
// per operator; the decider no longer counts it either). An account leaving staff (a role
// change, an erasure) gets an event clearing its set (api/staff/staff-on-account.ts).

async function apply(client: PoolClient, stored: StoredEvent): Promise<void> {
  if (stored.type === 'HubRemoved') {
    await client.query('DELETE FROM hub_staff WHERE hub_id = $1', [(stored.data as { hubId: string }).hubId]);
    return;
  }
  if (!STAFF_EVENT_TYPES.has(stored.type)) return;
  const { data } = stored as unknown as StaffEvent;
  await client.query('DELETE FROM hub_staff WHERE user_id = $1 AND NOT (hub_id = ANY($2::text[]))', [data.userId, data.hubIds]);
  // Hubs kept from before keep the time they were first assigned.
  await client.query('INSERT INTO hub_staff (user_id, hub_id, assigned_at) SELECT $1, unnest($2::text[]), $3 ON CONFLICT (user_id, hub_id) DO NOTHING', [
    data.userId,
    data.hubIds,
    data.at,
  ]);
}

export const staffProjector: Projector = {
  name: 'staff',
  tables: ['hub_staff'],
  apply,
  writeOnly: true, // its statements go with the batch's COMMIT (apply-batches.ts)
  accepts: (event) => STAFF_EVENT_TYPES.has(event.type) || event.type === 'HubRemoved',
};
