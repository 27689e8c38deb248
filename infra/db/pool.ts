import pg from 'pg';
import { boundPoolWaits } from './pool-wait.js';

export interface PoolOptions {
  /** Pool size. Embedded PGlite shares one session across sockets: use 1 there. */
  max?: number;
  /**
   * The server ends a session left idle inside a transaction this long, freeing its row locks:
   * a projection process frozen mid-batch must not block the standby that replaces it (ADR 0017).
   */
  idleInTransactionTimeoutMs?: number;
  /**
   * How long a checkout may wait for a free client before failing with PoolWaitTimeoutError
   * (pool-wait.ts); unbounded when unset. Embedded mode sets it (EMBEDDED_POOL).
   */
  acquireTimeoutMs?: number;
}

/**
 * A pg Pool with the driver's default type parsing: int8/bigserial and xid8 come back as strings
 * (callers convert with BigInt), timestamptz as Date, jsonb as parsed JSON.
 */
export function createPool(url: string, opts: PoolOptions = {}): pg.Pool {
  const timeout = opts.idleInTransactionTimeoutMs;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    connectionTimeoutMillis: opts.acquireTimeoutMs,
    ...(timeout ? { options: `-c idle_in_transaction_session_timeout=${timeout}` } : {}),
  });
  if (opts.acquireTimeoutMs) boundPoolWaits(pool, opts.acquireTimeoutMs);
  // An idle client that loses its connection emits 'error' on the pool; without a listener the
  // process would crash. The next checkout simply opens a new connection.
  pool.on('error', (error) => {
    // A pool being closed expects its idle clients to be terminated (e.g. DROP DATABASE ... FORCE).
    if (pool.ending && errorCode(error) === ADMIN_SHUTDOWN) return;
    console.error(`[db] idle client error: ${describeDbError(error)}`);
  });
  return pool;
}

/** SQLSTATE 57P01: "terminating connection due to administrator command" (shutdown, FORCE). */
const ADMIN_SHUTDOWN = '57P01';

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** One line for logs: the message and the SQLSTATE or errno code, never the whole object. */
export function describeDbError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = errorCode(error);
  return code ? `${message} (${code})` : message;
}

/**
 * Runs fn with one checked-out client, always released; a client whose connection failed (fn
 * reports it with `broke`, or the socket emits 'error') is discarded instead of pooled.
 */
export async function withClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient, broke: (error: unknown) => void) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const broke = (error: unknown) => {
    broken ??= error instanceof Error ? error : new Error(String(error));
  };
  // A checked-out client has no pool listener: if the server goes away between two queries the
  // client emits 'error', which would crash the process unheard.
  client.on('error', broke);
  try {
    return await fn(client, broke);
  } finally {
    client.removeListener('error', broke);
    client.release(broken);
  }
}

/**
 * Runs fn inside BEGIN/COMMIT on one client, rolling back on error; the client is always released.
 * fn must not wait on queries issued through another client of the same pool (embedded mode
 * shares one session, and a pool of 1 would deadlock).
 */
export function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return withClient(pool, async (client, broke) => {
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A failed ROLLBACK means the connection is unusable: it is discarded.
      await client.query('ROLLBACK').catch(broke);
      throw error;
    }
  });
}
