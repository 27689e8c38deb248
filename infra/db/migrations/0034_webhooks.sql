-- Up Migration

-- Issue 27 item 4: partners' webhooks (ADR 0021). Endpoints are event-sourced on the stream
-- partner-webhooks-{partnerId}; the webhooks projector (projections/webhooks/) keeps its own
-- endpoint table, a reservation → partner map with a snapshot of each partner reservation, and
-- whether webhooks are on: these rm_ tables are emptied and replayed by a rebuild.
CREATE TABLE rm_webhook_endpoints (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL,
  url text NOT NULL,
  events text[] NOT NULL,
  paused boolean NOT NULL DEFAULT false,
  secret_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX rm_webhook_endpoints_partner ON rm_webhook_endpoints (partner_id);

CREATE TABLE rm_webhook_reservations (
  reservation_id uuid PRIMARY KEY,
  partner_id uuid NOT NULL,
  snapshot jsonb NOT NULL
);

CREATE TABLE rm_webhook_switch (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  enabled boolean NOT NULL
);

-- Partners deactivated in the log: nothing is queued for their endpoints while they are inactive
-- (their token is refused too); reactivating queues again from then on.
CREATE TABLE rm_webhook_inactive_partners (
  partner_id uuid PRIMARY KEY
);

-- The outbox and its log. Written by the same projector (deterministic ids, ON CONFLICT DO
-- NOTHING) and by the delivery workers, but NOT a rebuilt read model: a rebuild replays the log
-- and adds nothing twice, and the attempts already made stay.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  endpoint_id uuid NOT NULL,
  partner_id uuid NOT NULL,
  reservation_id uuid NOT NULL,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  -- The event's global position: the order of a reservation's deliveries.
  position_tx bigint NOT NULL,
  position_seq bigint NOT NULL,
  -- The exact body sent, the same bytes on every attempt.
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  series integer NOT NULL DEFAULT 1,
  next_attempt_at timestamptz NOT NULL,
  first_failed_at timestamptz,
  last_attempt_at timestamptz,
  last_status_code integer,
  last_latency_ms integer,
  last_error text,
  delivered_at timestamptz
);
CREATE INDEX webhook_deliveries_chain ON webhook_deliveries (endpoint_id, reservation_id, position_tx, position_seq) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (endpoint_id, created_at DESC, position_tx DESC, position_seq DESC);

CREATE TABLE webhook_attempts (
  delivery_id uuid NOT NULL,
  attempt integer NOT NULL,
  series integer NOT NULL,
  at timestamptz NOT NULL,
  status_code integer,
  latency_ms integer NOT NULL,
  error text,
  PRIMARY KEY (delivery_id, attempt)
);

-- Failing endpoints: since when no attempt succeeded (null when the last one did).
CREATE TABLE webhook_endpoint_health (
  endpoint_id uuid PRIMARY KEY,
  failing_since timestamptz,
  last_success_at timestamptz
);

-- Down Migration

DROP TABLE webhook_endpoint_health;
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE rm_webhook_inactive_partners;
DROP TABLE rm_webhook_switch;
DROP TABLE rm_webhook_reservations;
DROP TABLE rm_webhook_endpoints;
