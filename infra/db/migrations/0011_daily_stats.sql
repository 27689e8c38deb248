-- Up Migration
-- The dashboard's daily stats (projections/stats/daily-stats-projector.ts), per São Paulo
-- calendar day across all Hubs. Amounts are milliseconds (locker-time) and cents.
--
-- daily_stats.capacity_ms holds the active intervals that have closed (a GMV locker deactivated,
-- retyped, removed, or its Hub removed); intervals still open are in stats_lockers and added at
-- query time up to the query's now, so a day's capacity is exact without a row per locker per day.
CREATE TABLE daily_stats (
  day date PRIMARY KEY,
  booked_ms bigint NOT NULL DEFAULT 0,
  capacity_ms bigint NOT NULL DEFAULT 0,
  revenue_cents bigint NOT NULL DEFAULT 0
);

-- Each locker's state as far as capacity goes: counted while GMV and active; counting_since is
-- the start of its open interval (since_day its São Paulo day), null while not counted.
CREATE TABLE stats_lockers (
  locker_id text PRIMARY KEY,
  hub_id text NOT NULL,
  gmv boolean NOT NULL,
  active boolean NOT NULL,
  counting_since timestamptz,
  since_day date
);
CREATE INDEX stats_lockers_hub ON stats_lockers (hub_id);

-- The window of each reservation not yet over, to give back what an early end no longer holds.
CREATE TABLE stats_reservations (
  id text PRIMARY KEY,
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL
);

-- Down Migration
DROP TABLE stats_reservations;
DROP TABLE stats_lockers;
DROP TABLE daily_stats;
