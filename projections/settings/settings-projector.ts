import type { PoolClient } from 'pg';
import type { SettingsEvent } from '../../domain/settings/settings-events.js';
import { SETTINGS_EVENT_TYPES } from '../../domain/settings/settings-events.js';
import type { StoredEvent } from '../../infra/eventstore/port.js';
import type { Projector } from '../projector.js';
import { SETTINGS_TABLE } from './queries.js';

// rm_settings: one row per setting changed (issue 27 items 6–7), the latest value with who and
// when. A value back at the environment's default keeps its row: the admin chose it.

async function apply(client: PoolClient, stored: StoredEvent): Promise<void> {
  if (!SETTINGS_EVENT_TYPES.has(stored.type)) return;
  const { data } = stored as unknown as SettingsEvent;
  const entries = Object.entries(data.changes);
  if (entries.length === 0) return;
  await client.query(
    `INSERT INTO ${SETTINGS_TABLE} (key, value, changed_by, changed_at)
       SELECT k, v, $3, $4 FROM unnest($1::text[], $2::jsonb[]) AS c(k, v)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, changed_by = EXCLUDED.changed_by, changed_at = EXCLUDED.changed_at`,
    [entries.map(([k]) => k), entries.map(([, v]) => JSON.stringify(v)), data.by, data.at],
  );
}

export const settingsProjector: Projector = {
  name: 'settings',
  tables: [SETTINGS_TABLE],
  apply,
  writeOnly: true, // its statements go with the batch's COMMIT (apply-batches.ts)
  accepts: (event) => SETTINGS_EVENT_TYPES.has(event.type),
};
