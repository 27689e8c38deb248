-- Up Migration
-- The locker history (audit trail, projections/history/locker-history-projector.ts): one row per
-- fact that touched a locker or its Hub, newest first through the admin history routes.
--
-- Ids and times only: names are read from users at query time, so erasing a person never
-- rewrites the log. A ReservationMoved event makes two rows (moved_out, moved_in), told apart by
-- `part`; (at, tx, seq, part) orders the rows and is the cursor's key.
CREATE TABLE rm_locker_history (
  event_id            uuid NOT NULL,
  part                smallint NOT NULL DEFAULT 0,
  tx                  bigint NOT NULL,
  seq                 bigint NOT NULL,
  at                  timestamptz NOT NULL,
  kind                text NOT NULL,
  hub_id              text NOT NULL,
  locker_id           uuid NULL,
  locker_order_number integer NULL,
  reservation_id      uuid NULL,
  -- The renter of the reservation, for sentences ('reservado por Ana Souza').
  renter_id           uuid NULL,
  actor_id            text NOT NULL,
  actor_kind          text NOT NULL CHECK (actor_kind IN ('user', 'system', 'worker')),
  actor_role          text NOT NULL,
  -- actor_id when it names an account (a uuid), for the join with users.
  actor_user_id       uuid NULL,
  -- What the sentence needs (size, price, amount, reason, changed fields…); never a secret key.
  data                jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (event_id, part)
);

-- A Hub's history and a locker's, newest first, paged by keyset on (at, tx, seq, part).
CREATE INDEX rm_locker_history_hub_time ON rm_locker_history (hub_id, at DESC, tx DESC, seq DESC, part DESC);
CREATE INDEX rm_locker_history_locker_time ON rm_locker_history (locker_id, at DESC, tx DESC, seq DESC, part DESC)
  WHERE locker_id IS NOT NULL;

-- The projector's own memory, so it never reads another projector's tables (they may be at
-- another position): each locker's current number and attributes (old values of a change, the
-- number of a locker a reservation event names) ...
CREATE TABLE rm_locker_history_lockers (
  locker_id            uuid PRIMARY KEY,
  hub_id               text NOT NULL,
  order_number         integer NOT NULL,
  size                 text NOT NULL,
  type                 text NOT NULL,
  price_per_hour_cents integer NOT NULL,
  status               text NOT NULL,
  collect_number       text NULL
);

-- ... and each reservation's Hub, locker (after moves), renter and window: reservation events
-- after ReservationCreated carry only the reservation id. The as-of route reads the reservations
-- of a Hub whose window had not ended at an instant from here.
CREATE TABLE rm_locker_history_reservations (
  reservation_id uuid PRIMARY KEY,
  hub_id         text NOT NULL,
  locker_id      uuid NOT NULL,
  user_id        uuid NULL,
  start_time     timestamptz NOT NULL,
  end_time       timestamptz NOT NULL,
  booked_at      timestamptz NOT NULL
);
CREATE INDEX rm_locker_history_reservations_hub ON rm_locker_history_reservations (hub_id, end_time);

-- Down Migration
DROP TABLE IF EXISTS rm_locker_history_reservations;
DROP TABLE IF EXISTS rm_locker_history_lockers;
DROP TABLE IF EXISTS rm_locker_history;
