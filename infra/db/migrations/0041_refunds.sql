-- Up Migration

-- Issue 28 item 4: refunds and the finance CSV (ADR 0024).

-- The refund a reservation's answers carry (`refund: { amount_cents, status }`): the latest one
-- asked for; the reservations projector fills them from RefundRequested / RefundSettled.
ALTER TABLE rm_reservations ADD COLUMN refund_cents integer NULL, ADD COLUMN refund_status text NULL;

-- The refunds projector (projections/refunds/). Emptied and replayed by a rebuild:
-- each reservation's renter, Hub and times (for the CSV and the receipt), and one row per money
-- movement (a payment, a PIX paid late, a settled refund) at the time it happened.
CREATE TABLE rm_money_reservations (
  reservation_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  hub_id text NOT NULL,
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  partner_id uuid NULL,
  customer_name text NULL
);

CREATE TABLE rm_money_movements (
  event_id uuid PRIMARY KEY,
  at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('payment', 'late_payment', 'refund')),
  reservation_id uuid NOT NULL,
  method text NULL,
  provider text NOT NULL,
  txid text NULL,
  e2eid text NULL,
  refund_id text NULL,
  rtr_id text NULL,
  -- A refund's outcome at the PSP: DEVOLVIDO (money returned) or NAO_REALIZADO (not returned).
  status text NULL,
  amount_cents integer NOT NULL
);
CREATE INDEX rm_money_movements_at ON rm_money_movements (at);

-- The refund processor's work list (workers/refunds/), written by the same projector but kept by a
-- rebuild (a replay re-inserts nothing: the refund id is the key): every refund asked for, until
-- settled; attempts and next_attempt_at are the processor's backoff.
CREATE TABLE refund_requests (
  refund_id text PRIMARY KEY,
  reservation_id uuid NOT NULL,
  amount_cents integer NOT NULL,
  cause text NOT NULL,
  provider text NOT NULL,
  e2eid text NULL,
  requested_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'DEVOLVIDO', 'NAO_REALIZADO')),
  settled_at timestamptz NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text NULL
);
CREATE INDEX refund_requests_due ON refund_requests (next_attempt_at) WHERE status = 'requested';

-- The refund receipts mailed: one row per settled refund, claimed for a while by the process that
-- sends it (claimed_until), done once sent_at is set. Kept by a rebuild, so no receipt goes twice.
CREATE TABLE refund_receipts (
  refund_id text PRIMARY KEY,
  claimed_until timestamptz NOT NULL,
  sent_at timestamptz NULL
);

-- Down Migration

DROP TABLE IF EXISTS refund_receipts;
DROP TABLE IF EXISTS refund_requests;
DROP TABLE IF EXISTS rm_money_movements;
DROP TABLE IF EXISTS rm_money_reservations;
ALTER TABLE rm_reservations DROP COLUMN IF EXISTS refund_status, DROP COLUMN IF EXISTS refund_cents;
