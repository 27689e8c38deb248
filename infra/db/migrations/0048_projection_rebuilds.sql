-- Up Migration

-- Issue 31 item 2: blue/green projection rebuilds (projections/rebuild/). One row per run of
-- `npm run projections:rebuild`, written by the run every couple of seconds, so the dashboard's
-- system status can show how far a rebuild is. `target` is the events to apply: the head counted
-- at the start, then the moving head (appends during the run added). A run holds an advisory
-- lock for its whole life (one rebuild at a time); a row 'running' whose lock is gone is a run
-- that died: the next run marks it 'interrupted' and drops its leftover schema.
CREATE TABLE projection_rebuilds (
  id text PRIMARY KEY,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'switched', 'failed', 'interrupted')),
  phase text NOT NULL DEFAULT 'replaying' CHECK (phase IN ('replaying', 'indexing', 'switching', 'done')),
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  applied bigint NOT NULL DEFAULT 0,
  target bigint NOT NULL DEFAULT 0,
  events_per_second double precision,
  eta_seconds double precision,
  error text
);

-- Down Migration

DROP TABLE projection_rebuilds;
