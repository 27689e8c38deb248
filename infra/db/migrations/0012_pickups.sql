-- Up Migration

-- Issue 9 pickups (docs/logistics-api.md): who claimed an item left for pickup, when it was left,
-- and until when its pickup code opens (the code itself is never stored).
ALTER TABLE rm_reservations
  ADD COLUMN claimed_by uuid,
  ADD COLUMN claimed_at timestamptz,
  ADD COLUMN left_for_pickup_at timestamptz,
  ADD COLUMN pickup_code_expires_at timestamptz;

-- The logistics queue reads the awaiting items of a Hub, oldest first.
CREATE INDEX rm_reservations_awaiting_pickup_idx ON rm_reservations (hub_id, left_for_pickup_at) WHERE status = 'awaiting_pickup';

-- Logistics staff work the Hubs they are assigned to; admins see every Hub without a row here.
CREATE TABLE hub_staff (
  user_id uuid NOT NULL,
  hub_id text NOT NULL,
  PRIMARY KEY (user_id, hub_id)
);
CREATE INDEX hub_staff_hub_idx ON hub_staff (hub_id);

-- Down Migration

DROP TABLE IF EXISTS hub_staff;
DROP INDEX IF EXISTS rm_reservations_awaiting_pickup_idx;
ALTER TABLE rm_reservations
  DROP COLUMN IF EXISTS claimed_by,
  DROP COLUMN IF EXISTS claimed_at,
  DROP COLUMN IF EXISTS left_for_pickup_at,
  DROP COLUMN IF EXISTS pickup_code_expires_at;
