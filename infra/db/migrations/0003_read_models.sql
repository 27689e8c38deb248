-- Up Migration
-- Read models built by projectors from the event log; rebuildable at any time.

CREATE TABLE projection_checkpoints (
  name text PRIMARY KEY,
  tx bigint NOT NULL,
  seq bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rm_hubs (
  id text PRIMARY KEY,
  name text NOT NULL,
  address text NOT NULL,
  zipcode text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  country text NOT NULL,
  description text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  image_url text,
  secret_key text NOT NULL,
  private boolean NOT NULL,
  auto_registration boolean NOT NULL,
  kind text NOT NULL,
  hardware text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE rm_lockers (
  id uuid PRIMARY KEY,
  hub_id text NOT NULL,
  order_number integer NOT NULL,
  size text NOT NULL,
  type text NOT NULL,
  price_per_hour_cents integer NOT NULL,
  status text NOT NULL,
  collect_number text,
  updated_at timestamptz NOT NULL
);
CREATE INDEX rm_lockers_hub ON rm_lockers (hub_id, order_number);

CREATE TABLE rm_reservations (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  hub_id text NOT NULL,
  locker_id uuid NOT NULL,
  locker_size text NOT NULL,
  locker_order_number integer NOT NULL,
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  status text NOT NULL,
  price_cents integer NOT NULL,
  price_per_hour_cents integer NOT NULL,
  payment_method text,
  paid_at timestamptz,
  code_expires_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX rm_reservations_user ON rm_reservations (user_id, start_time DESC);
CREATE INDEX rm_reservations_locker ON rm_reservations (locker_id, start_time);
CREATE INDEX rm_reservations_open ON rm_reservations (end_time) WHERE status IN ('pending', 'active');

-- Down Migration
DROP TABLE rm_reservations;
DROP TABLE rm_lockers;
DROP TABLE rm_hubs;
DROP TABLE projection_checkpoints;
