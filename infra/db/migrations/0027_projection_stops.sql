-- Up Migration

-- A projector that meets an event it cannot apply (a data error: SQLSTATE classes 22 and 23, or
-- the projector's own code refusing the event) stops there instead of failing every batch for
-- ever (projections/projector-stops.ts, docs/adr/0018). One row per stopped projector says where
-- and why; its checkpoint stays just before that event. /api/health and the dashboard read it;
-- `npm run projections:resume -- NAME` deletes it and the projector tries the event again.
CREATE TABLE projection_stops (
  name        text PRIMARY KEY,
  event_id    uuid NOT NULL,
  event_type  text NOT NULL,
  stream_id   text NOT NULL,
  tx          bigint NOT NULL,
  seq         bigint NOT NULL,
  error       text NOT NULL,
  error_code  text,
  stopped_at  timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE projection_stops;
