import type { Pool } from 'pg';
import { withClient } from '../infra/db/pool.js';

export type LockResult<T> = { acquired: true; value: T } | { acquired: false };

/**
 * Runs fn while this process holds a PostgreSQL session advisory lock, or skips it when another
 * session holds it. The lock lives on a dedicated client for the whole run, so fn must use other
 * clients (not on a pool of 1, e.g. embedded PGlite). If the connection dies the server releases
 * the lock with the session; the client is then discarded rather than returned to the pool.
 */
export function withAdvisoryLock<T>(pool: Pool, key: bigint, fn: () => Promise<T>): Promise<LockResult<T>> {
  return withClient(pool, async (client, broke): Promise<LockResult<T>> => {
    let locked: boolean;
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key.toString()]);
      locked = rows[0]?.locked === true;
    } catch (error) {
      broke(error);
      throw error;
    }
    if (!locked) return { acquired: false };
    try {
      return { acquired: true, value: await fn() };
    } finally {
      // Dropping the session (a broken client is discarded) releases the lock on the server.
      await client.query('SELECT pg_advisory_unlock($1)', [key.toString()]).catch(broke);
    }
  });
}
