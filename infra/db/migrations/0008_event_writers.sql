-- Up Migration
-- Faster appends, and followers that wait only for transactions that write events
-- (docs/adr/0001 and docs/adr/0006). Stop every process of the old version before this runs:
-- the old append needs the streams table dropped here.

-- 1. The global order (tx_id, seq) becomes the primary key: one index fewer per event (the seq
--    key and the separate (tx_id, seq) index become one). seq stays a bigserial.
ALTER TABLE events DROP CONSTRAINT events_pkey;
DROP INDEX events_global_order;
ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY (tx_id, seq);

-- 2. No streams table: a stream's version is its last event's (one probe of the unique
--    (stream_id, stream_version) index), and that index refuses a concurrent append taking the
--    same version. No row to lock, update and vacuum per append. The append is now a prepared
--    statement of the store (infra/eventstore/postgres-append-sql.ts), not hub_append.
DROP FUNCTION hub_append(text[], int[], text[], uuid[], text[], jsonb[], jsonb[]);
DROP TABLE streams;

-- 3. Every transaction that writes events holds this transaction-level advisory lock (classid
--    'hub_', objid 'evts', shared: writers never wait for each other) from before it has a
--    transaction id. A reader can then tell a running transaction that will never write events
--    (it has an id and not this lock) from one that may, and wait only for the latter.
CREATE FUNCTION hub_refuse_event_write() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Locked after the id, a reader could have judged the transaction a non-writer in between.
  RAISE EXCEPTION 'events must be appended in a transaction of their own, before it writes anything else'
    USING ERRCODE = 'HA003';
END
$$;

-- SQL and one expression, so the planner inlines it into the append statement.
CREATE FUNCTION hub_begin_event_write() RETURNS void
LANGUAGE sql AS $$
  SELECT CASE WHEN pg_current_xact_id_if_assigned() IS NULL
              THEN pg_advisory_xact_lock_shared(1752523359, 1702261875)
              ELSE hub_refuse_event_write() END
$$;

-- Transactions of this database holding the writer lock now (what health reports on).
CREATE VIEW hub_event_writers AS
SELECT pid, virtualtransaction
  FROM pg_locks
 WHERE locktype = 'advisory' AND classid = 1752523359 AND objid = 1702261875 AND objsubid = 2
   AND database = (SELECT oid FROM pg_database WHERE datname = current_database());

-- The visibility horizon of the global order for the calling statement: every event with
-- tx_id < horizon that will ever commit is visible to that statement's snapshot. It is the
-- smallest id among the snapshot's running transactions that is not known to be a non-writer
-- (still running when pg_locks is read, without the writer lock), else the snapshot's xmax.
-- A transaction that ended after the snapshot is unknown, so it counts as a writer;
-- held_by_ended says the horizon stopped at one (reading again at once gets past it).
-- STABLE: it runs on the caller's snapshot, so pg_current_snapshot() is the statement's own.
CREATE FUNCTION hub_events_horizon(p_after_tx xid8, p_after_seq bigint, OUT horizon xid8, OUT held_by_ended boolean)
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

-- Down Migration
DROP FUNCTION hub_events_horizon(xid8, bigint);
DROP VIEW hub_event_writers;
DROP FUNCTION hub_begin_event_write();
DROP FUNCTION hub_refuse_event_write();

ALTER TABLE events DROP CONSTRAINT events_pkey;
ALTER TABLE events ADD PRIMARY KEY (seq);
CREATE INDEX events_global_order ON events (tx_id, seq);

CREATE TABLE streams (
  stream_id text    PRIMARY KEY,
  version   integer NOT NULL DEFAULT 0 CHECK (version >= 0)
);
INSERT INTO streams (stream_id, version) SELECT stream_id, max(stream_version) FROM events GROUP BY stream_id;

-- hub_append as migration 0004 made it.
CREATE FUNCTION hub_append(
  p_streams text[], p_expected int[], p_event_streams text[], p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[]
) RETURNS TABLE (o_stream_id text, o_stream_version int, o_tx_id text, o_seq text)
LANGUAGE plpgsql AS $$
DECLARE
  locked record;
  wanted int;
  l_streams text[] := '{}';
  l_versions int[] := '{}';
BEGIN
  FOR locked IN
    INSERT INTO streams AS s (stream_id) SELECT x FROM unnest(p_streams) AS x ORDER BY x COLLATE "C"
    ON CONFLICT (stream_id) DO UPDATE SET version = s.version
    RETURNING s.stream_id, s.version
  LOOP
    wanted := p_expected[array_position(p_streams, locked.stream_id)];
    IF wanted <> -1 AND wanted <> locked.version THEN
      IF EXISTS (SELECT 1 FROM events WHERE event_id = ANY(p_ids)) THEN
        RAISE EXCEPTION 'event ids already stored' USING ERRCODE = 'HA002';
      END IF;
      RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'HA001', DETAIL = locked.version::text, HINT = locked.stream_id;
    END IF;
    l_streams := l_streams || locked.stream_id;
    l_versions := l_versions || locked.version;
  END LOOP;

  UPDATE streams AS s SET version = s.version + c.n
    FROM (SELECT x AS stream_id, count(*)::int AS n FROM unnest(p_event_streams) AS x GROUP BY x) AS c
   WHERE s.stream_id = c.stream_id;

  RETURN QUERY
  WITH base AS (SELECT * FROM unnest(l_streams, l_versions) AS b(stream_id, version)),
  numbered AS (
    SELECT e.sid, base.version + row_number() OVER (PARTITION BY e.sid ORDER BY e.n) AS sv, e.id, e.type, e.data, e.meta, e.n
      FROM unnest(p_event_streams, p_ids, p_types, p_data, p_meta) WITH ORDINALITY AS e(sid, id, type, data, meta, n)
      JOIN base ON base.stream_id = e.sid
  )
  INSERT INTO events AS ev (stream_id, stream_version, event_id, type, data, metadata)
  SELECT numbered.sid, numbered.sv, numbered.id, numbered.type, numbered.data, numbered.meta FROM numbered ORDER BY numbered.n
  RETURNING ev.stream_id, ev.stream_version, ev.tx_id::text, ev.seq::text;
END
$$;
