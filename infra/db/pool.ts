import pg from 'pg';

export interface PoolOptions {
  /** Pool size. Embedded PGlite shares one session across sockets: use 1 there. */
  max?: number;
}

/**
 * A pg Pool with the driver's default type parsing: int8/bigserial and xid8 come back as strings
 * (callers convert with BigInt), timestamptz as Date, jsonb as parsed JSON.
 */
export function createPool(url: string, opts: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  // An idle client that loses its connection emits 'error' on the pool; without a listener the
  // process would crash. The next checkout simply opens a new connection.
  pool.on('error', (error) => {
    console.error('[db] idle client error', error);
  });
  return pool;
}

/**
 * Runs fn inside BEGIN/COMMIT on one client, rolling back on error; the client is always released.
 * fn must not wait on queries issued through another client of the same pool (embedded mode
 * shares one session, and a pool of 1 would deadlock).
 */
export async function withTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      // The connection is unusable; destroy it instead of returning it to the pool.
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    }
    throw error;
  } finally {
    client.release(broken);
  }
}
