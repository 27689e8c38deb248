-- Up Migration

-- Issue 27 items 6–7: the platform's settings, event-sourced on the stream `settings`
-- (SettingsChanged). rm_settings is their read model, one row per setting an admin changed,
-- written only by the settings projector (projections/settings/) and rebuilt from the log; a
-- setting without a row is the environment's value (commands/settings-reader.ts).
CREATE TABLE rm_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  changed_by text NOT NULL,
  changed_at timestamptz NOT NULL
);

-- Down Migration

DROP TABLE rm_settings;
