-- Up Migration

-- Issue 28: a reservation's open PIX charge (PixChargeCreated, ADR 0022), so its answer carries
-- `payment` (the BR Code, txid, expiry and whether it is a test charge) from the read model as
-- from its events. The last charge wins (a new charge replaces the previous one). Written by the
-- reservations projector and replayed by `npm run projections:rebuild`.
ALTER TABLE rm_reservations
  ADD COLUMN pix_txid text NULL,
  ADD COLUMN pix_brcode text NULL,
  ADD COLUMN pix_expires_at timestamptz NULL,
  ADD COLUMN pix_test boolean NULL;

-- Down Migration

ALTER TABLE rm_reservations
  DROP COLUMN IF EXISTS pix_test,
  DROP COLUMN IF EXISTS pix_expires_at,
  DROP COLUMN IF EXISTS pix_brcode,
  DROP COLUMN IF EXISTS pix_txid;
