import type { PoolClient } from 'pg';
import type { AccessEvent } from '../../domain/access/access-events.js';
import { ACCESS_EVENT_TYPES } from '../../domain/access/access-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { Projector } from '../projector.js';
import { HUB_ACCESS_TABLE } from './queries.js';

// Access grants (domain/access) → rm_hub_access, one row per (Hub, renter). Every value comes
// from the event itself (its `at` and `by`), so a rebuild writes the same rows.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidOrNull = (value: string | null) => (value && UUID.test(value) ? value : null);

async function apply(client: PoolClient, stored: StoredEvent): Promise<void> {
  if (!ACCESS_EVENT_TYPES.has(stored.type)) return;
  const event = { type: stored.type, data: stored.data } as AccessEvent;
  const { hubId, userId } = event.data;
  switch (event.type) {
    case 'AccessRequested':
      await client.query(
        `INSERT INTO ${HUB_ACCESS_TABLE} (hub_id, user_id, status, message, reason, auto, requested_at, decided_at, decided_by)
         VALUES ($1, $2, 'pending', $3, NULL, false, $4, NULL, NULL)
         ON CONFLICT (hub_id, user_id) DO UPDATE SET status = 'pending', message = $3, reason = NULL, auto = false,
           requested_at = $4, decided_at = NULL, decided_by = NULL`,
        [hubId, userId, event.data.message, event.data.at],
      );
      return;
    case 'AccessGranted':
      await decided(client, hubId, userId, 'granted', null, event.data.auto, event.data.at, event.data.by);
      return;
    case 'AccessDenied':
      await decided(client, hubId, userId, 'denied', event.data.reason, false, event.data.at, event.data.by);
      return;
    case 'AccessRevoked':
      await decided(client, hubId, userId, 'revoked', null, false, event.data.at, event.data.by);
      return;
  }
}

function decided(client: PoolClient, hubId: string, userId: string, status: string, reason: string | null, auto: boolean, at: string, by: string | null) {
  return client.query(
    `UPDATE ${HUB_ACCESS_TABLE} SET status = $3, reason = $4, auto = $5, decided_at = $6, decided_by = $7 WHERE hub_id = $1 AND user_id = $2`,
    [hubId, userId, status, reason, auto, at, uuidOrNull(by)],
  );
}

export const hubAccessProjector: Projector = {
  name: 'hub_access',
  tables: [HUB_ACCESS_TABLE],
  accepts: (event) => ACCESS_EVENT_TYPES.has(event.type),
  apply,
  writeOnly: true, // its statements go with the batch's COMMIT (apply-batches.ts)
};
