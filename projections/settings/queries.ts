import type { Queryable } from '../../infra/db/queryable.js';
import type { SettingsChanges } from '../../domain/settings/settings-events.js';
import { SETTING_KEYS } from '../../domain/settings/settings-events.js';

// The settings projector's table (rm_settings) as the rest of the code reads it: the settings an
// admin changed, by key. Everything else is the environment's value.

export const SETTINGS_TABLE = 'rm_settings';

export interface SettingsOverrides {
  overrides: SettingsChanges;
  /** The last change: when and by whom (null before any). */
  changedAt: Date | null;
  changedBy: string | null;
}

export async function settingsOverrides(db: Queryable): Promise<SettingsOverrides> {
  const { rows } = await db.query<{ key: string; value: unknown; changed_by: string; changed_at: Date }>(
    `SELECT key, value, changed_by, changed_at FROM ${SETTINGS_TABLE} ORDER BY changed_at DESC, key`,
  );
  const overrides: Record<string, unknown> = {};
  for (const row of rows) if ((SETTING_KEYS as readonly string[]).includes(row.key)) overrides[row.key] = row.value;
  return { overrides: overrides, changedAt: rows[0]?.changed_at ?? null, changedBy: rows[0]?.changed_by ?? null };
}
