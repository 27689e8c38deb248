-- Up Migration

-- A projection batch is sent as one string of statements (BEGIN, the fenced checkpoint move, its
-- writes, COMMIT: projections/runner.ts). When the move finds the checkpoint elsewhere (another
-- process applied the batch), this stops the string before any write, and the caller reads
-- SQLSTATE HA010 as "checkpoint moved".
CREATE FUNCTION hub_checkpoint_moved(p_name text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'projection %: the checkpoint moved under this batch', p_name USING ERRCODE = 'HA010';
END
$$;

-- Down Migration
DROP FUNCTION hub_checkpoint_moved(text);
