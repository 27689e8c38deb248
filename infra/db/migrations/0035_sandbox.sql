-- Up Migration

-- Issue 27 item 5: the partner sandbox (docs/sandbox.md).
--
-- A partner's sandbox token, as its SHA-256 hash only, beside its live token (rm_partner_tokens):
-- written only by the partners projector from PartnerSandboxTokenIssued, so a rebuild replays it.
CREATE TABLE rm_partner_sandbox_tokens (
  partner_id uuid PRIMARY KEY,
  token_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  hint text NOT NULL,
  issued_at timestamptz NOT NULL
);

-- Reservations made with a sandbox token on the simulated Hubs (domain/sandbox/): kept here, per
-- partner, and never in the event store, so nothing real (stock, money, statistics, controllers,
-- the pickup queue, projections) ever sees them. Not a read model: a rebuild leaves it alone.
-- Bookings of one partner are serialized by a transaction-scoped advisory lock on the partner
-- (commands/sandbox/), which is what keeps two of them off the same simulated locker.
CREATE TABLE sandbox_reservations (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL,
  hub_id text NOT NULL,
  locker_id uuid NOT NULL,
  locker_size text NOT NULL CHECK (locker_size IN ('P', 'M', 'G', 'X')),
  locker_number integer NOT NULL,
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  price_per_hour_cents integer NOT NULL,
  price_cents integer NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'active', 'awaiting_pickup', 'completed', 'cancelled', 'expired')),
  payment_due_at timestamptz NULL,
  -- Recorded, never charged nor invoiced: payment_method is always 'sandbox'.
  payment_method text NULL,
  amount_cents integer NULL,
  paid_at timestamptz NULL,
  customer jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- The partner's list, newest first, a page per (created_at, id) cursor.
CREATE INDEX sandbox_reservations_partner_created ON sandbox_reservations (partner_id, created_at DESC, id DESC);
-- The overlap check of a booking: a partner's open reservations of one locker.
CREATE INDEX sandbox_reservations_partner_locker ON sandbox_reservations (partner_id, locker_id, start_time) WHERE status IN ('pending', 'active');

-- Down Migration

DROP TABLE IF EXISTS sandbox_reservations;
DROP TABLE IF EXISTS rm_partner_sandbox_tokens;
