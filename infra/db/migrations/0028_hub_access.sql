-- Up Migration

-- Access grants to private Hubs (issue 26, projections/access/): one row per (Hub, renter) pair,
-- its state as the pair's stream `hub-access-{HUBID}-{userId}` tells it. Ids only, never names:
-- the API joins them from users and rm_hubs at query time.
CREATE TABLE rm_hub_access (
  hub_id        text NOT NULL,
  user_id       uuid NOT NULL,
  status        text NOT NULL CHECK (status IN ('pending', 'granted', 'denied', 'revoked')),
  message       text,
  reason        text,
  auto          boolean NOT NULL DEFAULT false,
  requested_at  timestamptz NOT NULL,
  decided_at    timestamptz,
  decided_by    uuid,
  PRIMARY KEY (hub_id, user_id)
);
-- The admins' queue (pending first, then recent decisions) and a renter's granted Hubs.
CREATE INDEX rm_hub_access_queue ON rm_hub_access (status, requested_at);
CREATE INDEX rm_hub_access_user ON rm_hub_access (user_id) WHERE status = 'granted';

-- Down Migration
DROP TABLE rm_hub_access;
