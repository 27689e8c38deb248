// For tests of several projection processes: a trigger that records any projection checkpoint
// moving backwards, whoever moves it (the fence must make that impossible).
import type pg from 'pg';

export async function recordBackwardCheckpoints(db: pg.Pool): Promise<void> {
  await db.query(`CREATE TABLE test_checkpoint_backwards (name text, from_tx bigint, from_seq bigint, to_tx bigint, to_seq bigint);
    CREATE FUNCTION test_checkpoint_forward() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF (NEW.tx, NEW.seq) < (OLD.tx, OLD.seq) THEN INSERT INTO test_checkpoint_backwards VALUES (OLD.name, OLD.tx, OLD.seq, NEW.tx, NEW.seq); END IF;
      RETURN NEW; END $$;
    CREATE TRIGGER test_checkpoint_forward BEFORE UPDATE ON projection_checkpoints FOR EACH ROW EXECUTE FUNCTION test_checkpoint_forward();`);
}

/** The backward moves recorded so far (a test expects none). */
export async function backwardCheckpoints(db: pg.Pool): Promise<unknown[]> {
  return (await db.query('SELECT * FROM test_checkpoint_backwards')).rows;
}
