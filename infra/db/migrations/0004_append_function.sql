-- Up Migration
-- The common event append as one statement (one round trip, one implicit transaction): lock
-- the stream rows in a fixed order, check expected versions, insert the events with consecutive
-- stream versions and bump the streams. Expected version -1 means 'any'.
-- A plain version conflict raises HA001 (the stream in HINT, its actual version in DETAIL). If
-- the batch's event ids are already stored (maybe a retry of a committed append) it raises HA002,
-- and a reused id raises 23505: the caller then takes its careful path to tell the two apart.
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
      -- A retry of a committed append finds its own ids: only the careful path can tell.
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

-- Down Migration
DROP FUNCTION hub_append(text[], int[], text[], uuid[], text[], jsonb[], jsonb[]);
