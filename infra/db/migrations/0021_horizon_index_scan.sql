-- Up Migration
-- hub_events_horizon (migration 0008) looked for events at or above xmin with
-- `NOT EXISTS (… WHERE tx_id >= xmin AND (tx_id, seq) > after)`. PL/pgSQL caches that plan per
-- session, and a generic plan made while `events` was small is a sequential scan that it keeps
-- as the log grows: a projection process started on a new database spent 2.5–3.8 ms per read of
-- the log in it at ~10,000 events (auto_explain), most of the PostgreSQL time of keeping up. The
-- same check now starts an index scan at one bound (docs/benchmarks.md).
CREATE OR REPLACE FUNCTION hub_events_horizon(p_after_tx xid8, p_after_seq bigint, OUT horizon xid8, OUT held_by_ended boolean)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  snap pg_snapshot := pg_current_snapshot();
  from_tx xid8 := p_after_tx;
  from_seq bigint := p_after_seq;
BEGIN
  held_by_ended := false;
  IF pg_snapshot_xmin(snap) = pg_snapshot_xmax(snap) THEN
    horizon := pg_snapshot_xmax(snap); -- nothing was running
    RETURN;
  END IF;
  -- Anything to read at or above xmin? The events after both the caller's position and xmin
  -- start at one bound, so the scan starts there; ORDER BY … LIMIT 1 keeps it an index scan
  -- whatever the cached plan estimates (seq >= 1, so (xmin, -1) is "tx_id >= xmin").
  IF from_tx < pg_snapshot_xmin(snap) THEN
    from_tx := pg_snapshot_xmin(snap);
    from_seq := -1;
  END IF;
  PERFORM 1 FROM events WHERE (tx_id, seq) > (from_tx, from_seq) ORDER BY tx_id, seq LIMIT 1;
  IF NOT FOUND THEN
    horizon := pg_snapshot_xmin(snap); -- nothing to read above xmin: pg_locks need not be read
    RETURN;
  END IF;
  -- pg_locks is read once (materialized): two reads could disagree. Every transaction with an id
  -- holds ExclusiveLock on it; its writer lock is found by the same virtual transaction. The
  -- 32-bit xid of pg_locks is only compared for equality; order is taken on xid8.
  WITH locks AS MATERIALIZED (
    SELECT locktype, transactionid, virtualtransaction, classid, objid, objsubid, database
      FROM pg_locks
     WHERE granted AND (locktype = 'transactionid' AND mode = 'ExclusiveLock' OR locktype = 'advisory')
  ),
  running AS (
    SELECT t.transactionid AS xid,
           EXISTS (SELECT 1 FROM locks a
                    WHERE a.locktype = 'advisory' AND a.virtualtransaction = t.virtualtransaction
                      AND a.classid = 1752523359 AND a.objid = 1702261875 AND a.objsubid = 2
                      AND a.database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS writer
      FROM locks t
     WHERE t.locktype = 'transactionid'
  )
  SELECT x, running.xid IS NULL INTO horizon, held_by_ended
    FROM pg_snapshot_xip(snap) AS x LEFT JOIN running ON running.xid = xid(x)
   WHERE running.xid IS NULL OR running.writer
   ORDER BY x
   LIMIT 1;
  IF horizon IS NULL THEN
    horizon := pg_snapshot_xmax(snap);
    held_by_ended := false;
  END IF;
END
$$;

-- Down Migration
CREATE OR REPLACE FUNCTION hub_events_horizon(p_after_tx xid8, p_after_seq bigint, OUT horizon xid8, OUT held_by_ended boolean)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  snap pg_snapshot := pg_current_snapshot();
BEGIN
  held_by_ended := false;
  IF pg_snapshot_xmin(snap) = pg_snapshot_xmax(snap) THEN
    horizon := pg_snapshot_xmax(snap); -- nothing was running
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM events WHERE tx_id >= pg_snapshot_xmin(snap) AND (tx_id, seq) > (p_after_tx, p_after_seq)) THEN
    horizon := pg_snapshot_xmin(snap); -- nothing to read above xmin: pg_locks need not be read
    RETURN;
  END IF;
  -- pg_locks is read once (materialized): two reads could disagree. Every transaction with an id
  -- holds ExclusiveLock on it; its writer lock is found by the same virtual transaction. The
  -- 32-bit xid of pg_locks is only compared for equality; order is taken on xid8.
  WITH locks AS MATERIALIZED (
    SELECT locktype, transactionid, virtualtransaction, classid, objid, objsubid, database
      FROM pg_locks
     WHERE granted AND (locktype = 'transactionid' AND mode = 'ExclusiveLock' OR locktype = 'advisory')
  ),
  running AS (
    SELECT t.transactionid AS xid,
           EXISTS (SELECT 1 FROM locks a
                    WHERE a.locktype = 'advisory' AND a.virtualtransaction = t.virtualtransaction
                      AND a.classid = 1752523359 AND a.objid = 1702261875 AND a.objsubid = 2
                      AND a.database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS writer
      FROM locks t
     WHERE t.locktype = 'transactionid'
  )
  SELECT x, running.xid IS NULL INTO horizon, held_by_ended
    FROM pg_snapshot_xip(snap) AS x LEFT JOIN running ON running.xid = xid(x)
   WHERE running.xid IS NULL OR running.writer
   ORDER BY x
   LIMIT 1;
  IF horizon IS NULL THEN
    horizon := pg_snapshot_xmax(snap);
    held_by_ended := false;
  END IF;
END
$$;
