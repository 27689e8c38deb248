-- Up Migration
-- Read-model indexes for city scale (1,000 Hubs, 24,000 lockers, 1,000,000 reservations; measured
-- with EXPLAIN ANALYZE on `npm run seed:scale` data, docs/benchmarks.md).
--
-- 1. The open reservations (pending or active: a few thousand of the million) are what the Hub
--    read path (all holds, or one Hub's), the by-size booking hint and the sweeper read. They
--    all go through rm_reservations_open; its rows are scattered over the whole table, so each
--    scan fetched one heap page per reservation (3,453 buffers, ~1 ms per booking hint). The same
--    index, carrying the columns those queries read, answers them from the index alone (43
--    buffers). An index by locker would be a shorter path, but the planner misjudges how many
--    open reservations end after now (status and end_time are correlated) and never picks it.
DROP INDEX IF EXISTS rm_reservations_open;
CREATE INDEX rm_reservations_open ON rm_reservations (end_time)
  INCLUDE (locker_id, start_time, status, payment_due_at, id)
  WHERE status IN ('pending', 'active');

-- 2. Index-only scans need the visibility map, and plans need statistics, both kept by
--    autovacuum. Its default thresholds (20 % of the table) wait for 200,000 changed rows at city
--    size, while the rows that matter are the newest; 1 % keeps both current for a table this hot.
ALTER TABLE rm_reservations SET (
  autovacuum_vacuum_scale_factor = 0.01,
  autovacuum_vacuum_insert_scale_factor = 0.01,
  autovacuum_analyze_scale_factor = 0.01
);

-- Down Migration
ALTER TABLE rm_reservations RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_insert_scale_factor, autovacuum_analyze_scale_factor);
DROP INDEX IF EXISTS rm_reservations_open;
CREATE INDEX rm_reservations_open ON rm_reservations (end_time) WHERE status IN ('pending', 'active');
