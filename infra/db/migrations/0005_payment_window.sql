-- Up Migration
-- An unpaid reservation holds its locker only until payment_due_at (null: paid or free); the
-- sweeper looks for pending ones past it, so they get their own partial index.
ALTER TABLE rm_reservations ADD COLUMN payment_due_at timestamptz;
CREATE INDEX rm_reservations_payment_due ON rm_reservations (payment_due_at) WHERE status = 'pending';

-- Down Migration
DROP INDEX rm_reservations_payment_due;
ALTER TABLE rm_reservations DROP COLUMN payment_due_at;
