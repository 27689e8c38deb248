-- Up Migration

-- Issue 29 item 5: alerts (ADR 0026). All three tables belong to the alerts projector
-- (projections/alerts/); rm_alerts is emptied and replayed by a rebuild, the other two are kept.

-- The list operators read: one row per alert, folded from AlertRaised / AlertAcknowledged /
-- AlertResolved (ids only; names are joined from users and rm_hubs at query time).
CREATE TABLE rm_alerts (
  alert_id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('door_jammed', 'door_forced', 'door_left_open', 'controller_offline')),
  hub_id text NOT NULL,
  locker_id uuid NULL,
  locker_order integer NULL,
  reservation_id uuid NULL,
  source text NOT NULL,
  source_event_id uuid NOT NULL,
  occurred_at timestamptz NOT NULL,
  raised_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'acknowledged', 'resolved')),
  -- The same thing again at the same door (or Hub) while the alert was not resolved (AlertRepeated).
  repeat_count integer NOT NULL DEFAULT 0,
  last_occurred_at timestamptz NOT NULL,
  acknowledged_by text NULL,
  acknowledged_at timestamptz NULL,
  resolved_by text NULL,
  resolved_at timestamptz NULL,
  note text NULL
);
CREATE INDEX rm_alerts_by_status ON rm_alerts (status, raised_at DESC);
CREATE INDEX rm_alerts_by_hub ON rm_alerts (hub_id, status);
-- The open alert of a kind at a door (or a Hub), which a new fact of the same kind is counted on.
CREATE INDEX rm_alerts_unresolved_place ON rm_alerts (hub_id, kind, locker_id) WHERE status <> 'resolved';

-- The raising outbox: one row per fact that raises an alert (a DoorStateReported jam, forced
-- door or door left open; a ControllerWentOffline), keyed by the alert id derived from the
-- fact's event id. Workers claim rows (claimed_until, SKIP LOCKED), append AlertRaised to the
-- alert's own stream with expected version "no stream" and mark them raised; then plan the
-- alert's mails once (mails_planned_at). Kept by a rebuild: a replay inserts nothing twice.
CREATE TABLE alert_triggers (
  alert_id uuid PRIMARY KEY,
  source_event_id uuid NOT NULL,
  kind text NOT NULL,
  hub_id text NOT NULL,
  locker_id uuid NULL,
  locker_order integer NULL,
  reservation_id uuid NULL,
  source text NOT NULL,
  occurred_at timestamptz NOT NULL,
  claimed_until timestamptz NULL,
  raised_at timestamptz NULL,
  -- Counted on this open alert of the same kind and door instead of raising its own (no e-mail).
  counted_on uuid NULL,
  mails_planned_at timestamptz NULL
);
CREATE INDEX alert_triggers_due ON alert_triggers (occurred_at) WHERE mails_planned_at IS NULL;

-- One e-mail per alert per recipient (the Hub's assigned staff when it was raised; the admins when
-- nobody is assigned), claimed for a while by the process that sends it and done once sent_at is set.
CREATE TABLE alert_mails (
  alert_id uuid NOT NULL,
  user_id uuid NOT NULL,
  claimed_until timestamptz NULL,
  sent_at timestamptz NULL,
  PRIMARY KEY (alert_id, user_id)
);
CREATE INDEX alert_mails_unsent ON alert_mails (alert_id) WHERE sent_at IS NULL;

-- Down Migration

DROP TABLE IF EXISTS alert_mails;
DROP TABLE IF EXISTS alert_triggers;
DROP TABLE IF EXISTS rm_alerts;
