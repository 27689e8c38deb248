-- Up Migration

-- Issue 27 item 3: reservations booked through the partner API (/api/partner/v1) name their
-- partner and its end customer (ReservationCreated's partnerId and customer), written by the
-- reservations projector and replayed by `npm run projections:rebuild`. The partner's list reads
-- newest first a page per (created_at, id) cursor, on the partial index below.
ALTER TABLE rm_reservations
  ADD COLUMN partner_id uuid NULL,
  ADD COLUMN customer_name text NULL,
  ADD COLUMN customer_email text NULL,
  ADD COLUMN customer_phone text NULL;

CREATE INDEX rm_reservations_partner ON rm_reservations (partner_id, created_at DESC, id DESC) WHERE partner_id IS NOT NULL;

-- The audit trail names a partner's end customer (who has no account, so no users row) from the
-- booking, as the history projector remembers it.
ALTER TABLE rm_locker_history_reservations ADD COLUMN customer_name text NULL;

-- Down Migration

ALTER TABLE rm_locker_history_reservations DROP COLUMN IF EXISTS customer_name;
DROP INDEX IF EXISTS rm_reservations_partner;
ALTER TABLE rm_reservations
  DROP COLUMN IF EXISTS customer_phone,
  DROP COLUMN IF EXISTS customer_email,
  DROP COLUMN IF EXISTS customer_name,
  DROP COLUMN IF EXISTS partner_id;
