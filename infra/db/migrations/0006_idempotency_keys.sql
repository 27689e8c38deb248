-- Up Migration
-- The first answer to each state-changing request that carried an Idempotency-Key, per caller,
-- kept 24 hours so a retry gets it again instead of acting twice. Shared by every API process.
-- status_code is null while the first request is still running (until locked_until, after which
-- a retry may take over: the commands themselves are idempotent by key). response is sealed
-- (AES-256-GCM), since it can hold a door code.
CREATE TABLE idempotency_keys (
  scope        text        NOT NULL,
  key          text        NOT NULL,
  fingerprint  text        NOT NULL,
  status_code  integer,
  response     text,
  locked_until timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- Down Migration
DROP TABLE idempotency_keys;
