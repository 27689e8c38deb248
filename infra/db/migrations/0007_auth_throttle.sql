-- Up Migration

-- Failed-login counters shared by every API process: one row per account (normalized e-mail,
-- known or not) and one per client address, keyed by a SHA-256 of kind and value so the table
-- holds no e-mail or address in clear. A row counts failures in a fixed window ending at
-- window_ends_at; the next failure after that starts a new window. last_failure_at drives the
-- growing delay between attempts on one account.
CREATE TABLE login_throttle (
  key             text PRIMARY KEY,
  failures        integer NOT NULL CHECK (failures >= 0),
  window_ends_at  timestamptz NOT NULL,
  last_failure_at timestamptz NOT NULL
);

-- Pruning deletes rows whose window is over.
CREATE INDEX login_throttle_window_ends_at_idx ON login_throttle (window_ends_at);

-- Down Migration

DROP TABLE IF EXISTS login_throttle;
