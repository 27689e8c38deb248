-- Up Migration

-- Issue 29: when each Hub's controller last reached Hub. A heartbeat is no event (one every 30 s
-- from every Hub would fill the log); only going offline and coming back are (ControllerWentOffline,
-- ControllerBackOnline). Every API replica reads the same row, so all say online or offline alike.
CREATE TABLE controller_heartbeats (
  hub_id text PRIMARY KEY,
  last_seen_at timestamptz NOT NULL,
  -- The manifest the controller works from (issued_at of its last sync), null before the first.
  manifest_issued_at timestamptz
);

-- Down Migration

DROP TABLE controller_heartbeats;
