-- Up Migration

-- Door-controller signatures already seen (docs/adr/0008-door-controller-protocol.md), shared by
-- every API process when there is no Redis (embedded PGlite included). A row lives until
-- expires_at; a signature seen again before then is a replay. Keyed by a SHA-256 of Hub and
-- signature: nothing here can be replayed or reveals a request.
CREATE TABLE controller_requests (
  key        text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- Pruning deletes rows whose memory is over.
CREATE INDEX controller_requests_expires_at_idx ON controller_requests (expires_at);

-- Down Migration

DROP TABLE IF EXISTS controller_requests;
