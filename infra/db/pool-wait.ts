// A bounded wait for a pooled connection. Embedded PGlite gives the pool one client (every
// connection shares its one backend session), so a flow that, holding it, asks the pool for a
// second would wait forever, and every later request with it (issue 24 item 4: account deletion
// froze `npm start`, login and health included). With a bound the flow fails promptly with this
// error instead: its transaction rolls back, the client goes back, and the API answers 503.
import type pg from 'pg';

/** pg-pool's message when a checkout waited `connectionTimeoutMillis` for a busy pool. */
const POOL_WAIT_MESSAGE = 'timeout exceeded when trying to connect';

export class PoolWaitTimeoutError extends Error {
  override readonly name = 'PoolWaitTimeoutError';
  readonly code = 'HUB_POOL_WAIT';
  constructor(
    readonly waitedMs: number,
    readonly poolMax: number,
  ) {
    super(
      `no database connection came free within ${waitedMs} ms (pool of ${poolMax}); ` +
        (poolMax === 1
          ? 'in embedded mode this is a flow that holds the only connection (e.g. in a transaction) and waits for a query through another'
          : 'every connection stayed busy'),
    );
  }
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * Bounds how long a checkout (pool.connect, and pool.query, which checks out through it) waits
 * for a client, turning pg-pool's timeout into a PoolWaitTimeoutError. The pool must have been
 * made with `connectionTimeoutMillis: waitMs`.
 */
export function boundPoolWaits(pool: pg.Pool, waitMs: number): void {
  const translate = <E extends Error | undefined>(error: E): E | PoolWaitTimeoutError =>
    error?.message === POOL_WAIT_MESSAGE ? new PoolWaitTimeoutError(waitMs, pool.options.max ?? 10) : error;
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  const bounded = (callback?: ConnectCallback) => {
    if (callback) return connect((error, client, done) => callback(translate(error), client, done));
    return connect()!.catch((error: Error) => {
      throw translate(error);
    });
  };
  pool.connect = bounded as typeof pool.connect;
}
