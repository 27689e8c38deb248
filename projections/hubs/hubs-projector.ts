import { HUB_EVENT_TYPES } from '../../domain/hubs/hub-events.js';
import type { PoolClient } from 'pg';
import type { HubEvent } from '../../domain/hubs/hub-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { Projector } from '../projector.js';
import { eventTime } from '../projector.js';

// Hub and locker rows for the Hub list, detail and availability queries.

const hubColumns: Record<string, string> = {
  name: 'name',
  address: 'address',
  zipcode: 'zipcode',
  city: 'city',
  state: 'state',
  country: 'country',
  description: 'description',
  latitude: 'latitude',
  longitude: 'longitude',
  imageUrl: 'image_url',
  secretKey: 'secret_key',
  private: 'private',
  autoRegistration: 'auto_registration',
  kind: 'kind',
  hardware: 'hardware',
};

const lockerColumns: Record<string, string> = {
  size: 'size',
  type: 'type',
  pricePerHourCents: 'price_per_hour_cents',
  collectNumber: 'collect_number',
};

/** UPDATE … SET for the known keys of a change set; unknown keys are ignored. */
function setClause(changes: Record<string, unknown>, columns: Record<string, string>, firstParam: number) {
  const entries = Object.entries(changes).filter(([key, value]) => columns[key] !== undefined && value !== undefined);
  return {
    sql: entries.map(([key], i) => `${columns[key]} = $${firstParam + i}`).join(', '),
    values: entries.map(([, value]) => value),
  };
}

async function apply(client: PoolClient, stored: StoredEvent): Promise<void> {
  const event = { type: stored.type, data: stored.data } as HubEvent;
  const at = eventTime(stored);
  switch (event.type) {
    case 'HubRegistered': {
      const d = event.data;
      await client.query(
        `INSERT INTO rm_hubs (id, name, address, zipcode, city, state, country, description, latitude, longitude, image_url,
           secret_key, private, auto_registration, kind, hardware, created_at, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$17)
         ON CONFLICT (id) DO NOTHING`,
        [
          d.hubId,
          d.name,
          d.address,
          d.zipcode,
          d.city,
          d.state,
          d.country,
          d.description,
          d.latitude,
          d.longitude,
          d.imageUrl,
          d.secretKey,
          d.private,
          d.autoRegistration,
          d.kind,
          d.hardware,
          at,
        ],
      );
      return;
    }
    case 'HubDetailsChanged': {
      const { sql, values } = setClause(event.data.changes, hubColumns, 3);
      if (sql) await client.query(`UPDATE rm_hubs SET updated_at = $2, ${sql} WHERE id = $1`, [event.data.hubId, at, ...values]);
      return;
    }
    case 'HubRemoved':
      await client.query('DELETE FROM rm_lockers WHERE hub_id = $1', [event.data.hubId]);
      await client.query('DELETE FROM rm_hubs WHERE id = $1', [event.data.hubId]);
      return;
    case 'LockerInstalled': {
      const d = event.data;
      await client.query(
        `INSERT INTO rm_lockers (id, hub_id, order_number, size, type, price_per_hour_cents, status, collect_number, updated_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) ON CONFLICT (id) DO NOTHING`,
        [d.lockerId, d.hubId, d.orderNumber, d.size, d.type, d.pricePerHourCents, d.status, d.collectNumber, at],
      );
      return;
    }
    case 'LockerChanged': {
      const { sql, values } = setClause(event.data.changes, lockerColumns, 3);
      if (sql) await client.query(`UPDATE rm_lockers SET updated_at = $2, ${sql} WHERE id = $1`, [event.data.lockerId, at, ...values]);
      return;
    }
    case 'LockerActivated':
    case 'LockerDeactivated':
      await client.query('UPDATE rm_lockers SET status = $2, updated_at = $3 WHERE id = $1', [
        event.data.lockerId,
        event.type === 'LockerActivated' ? 'Ativo' : 'Inativo',
        at,
      ]);
      return;
    case 'LockerRemoved':
      await client.query('DELETE FROM rm_lockers WHERE id = $1', [event.data.lockerId]);
      for (const r of event.data.renumbered) {
        await client.query('UPDATE rm_lockers SET order_number = $2, updated_at = $3 WHERE id = $1', [r.lockerId, r.orderNumber, at]);
      }
      return;
  }
}

export const hubsProjector: Projector = {
  name: 'hubs',
  tables: ['rm_lockers', 'rm_hubs'],
  apply,
  writeOnly: true, // its statements go with the batch's COMMIT (apply-batches.ts)
  // Bookings, schedules and renters are most of the log; this projector has nothing to do there.
  accepts: (event) => HUB_EVENT_TYPES.has(event.type),
};
