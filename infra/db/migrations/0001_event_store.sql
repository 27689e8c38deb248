-- Up Migration

-- One row per event. Global order is (tx_id, seq), not seq alone: seq is taken before commit, so
-- transactions can commit out of order; readers only return events of transactions older than
-- every running one (tx_id < pg_snapshot_xmin(pg_current_snapshot())). See docs/adr/0001.
CREATE TABLE events (
  seq            bigserial   PRIMARY KEY,
  tx_id          xid8        NOT NULL DEFAULT pg_current_xact_id(),
  stream_id      text        NOT NULL,
  stream_version integer     NOT NULL CHECK (stream_version >= 1),
  event_id       uuid        NOT NULL UNIQUE,
  type           text        NOT NULL,
  data           jsonb       NOT NULL,
  metadata       jsonb       NOT NULL,
  recorded_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, stream_version)
);

CREATE INDEX events_global_order ON events (tx_id, seq);

-- One row per stream: its row lock serialises appends to the stream, and version saves a scan.
CREATE TABLE streams (
  stream_id text    PRIMARY KEY,
  version   integer NOT NULL DEFAULT 0 CHECK (version >= 0)
);

-- Down Migration

DROP TABLE streams;
DROP TABLE events;
