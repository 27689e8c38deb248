-- Up Migration

-- Timers that several worker processes share (the overdue sweeper): the one that claims a
-- period writes when it started, and the others skip that period (ADR 0011).
CREATE TABLE periodic_runs (
  name text PRIMARY KEY,
  last_started_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE periodic_runs;
