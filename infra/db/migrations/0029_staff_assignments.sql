-- Up Migration

-- Issue 26 item 7: staff Hub assignments become events (stream staff-hubs-{userId},
-- StaffHubsAssigned) and hub_staff becomes their read model, written only by the staff projector
-- (projections/staff/) and emptied and replayed by `npm run projections:rebuild`.
--
-- Rows written before this migration (by the demo seed and nothing else: there was no API) have
-- no events. They move to hub_staff_legacy, and each process that starts adopts them as events
-- (api/staff/adopt-legacy-staff.ts, through the command handler) before it serves: events cannot be
-- appended here, because an event-writing transaction must take the writer lock before it has an
-- id, and the migrations share one transaction.
CREATE TABLE hub_staff_legacy (
  user_id uuid NOT NULL,
  hub_id text NOT NULL,
  PRIMARY KEY (user_id, hub_id)
);
INSERT INTO hub_staff_legacy (user_id, hub_id) SELECT user_id, hub_id FROM hub_staff;
TRUNCATE hub_staff;

-- When the Hub joined the operator's set (the event's time): the Hub page's 'Equipe' shows it.
ALTER TABLE hub_staff ADD COLUMN assigned_at timestamptz NOT NULL;

-- Down Migration

ALTER TABLE hub_staff DROP COLUMN assigned_at;
INSERT INTO hub_staff (user_id, hub_id) SELECT user_id, hub_id FROM hub_staff_legacy ON CONFLICT DO NOTHING;
DROP TABLE hub_staff_legacy;
