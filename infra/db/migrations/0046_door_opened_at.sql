-- Up Migration

-- Issue 29 item 6: when the renter's code last opened the locker the reservation is on now (a
-- move clears it), so the access page offers 'A porta não abriu' only after a code was accepted.
-- Nullable without a default: adding it rewrites nothing, even at city size.
ALTER TABLE rm_reservations ADD COLUMN door_opened_at timestamptz;

-- Down Migration

ALTER TABLE rm_reservations DROP COLUMN door_opened_at;
