-- Up Migration
-- The door check's candidates (issue 24, ADR 0014): a Hub's paid reservations inside their window
-- (only they may open with a renter's code), by Hub, from the index alone. No index led with the
-- Hub for active reservations, and the query asked the read model for a live code, so a code
-- issued a moment before the read model caught up was not tried.
CREATE INDEX rm_reservations_hub_active ON rm_reservations (hub_id, end_time) INCLUDE (start_time, id) WHERE status = 'active';

-- Down Migration
DROP INDEX IF EXISTS rm_reservations_hub_active;
