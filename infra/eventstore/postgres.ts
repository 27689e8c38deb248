// PostgreSQL event store (also runs on embedded PGlite). Schema: migrations 0001 and 0008.
// Global order: docs/adr/0001-postgres-global-order.md; writers, appends and wake-ups:
// docs/adr/0006-event-writers-and-wakeups.md.
import type pg from 'pg';
import { assertWellFormed } from './append-rules.js';
import type { EventStore } from './port.js';
import { createSubscriptions } from './poll-subscription.js';
import { combinedAppends } from './combined-appends.js';
import { carefulAppend } from './postgres-careful-append.js';
import { fastAppend } from './postgres-fast-append.js';
import type { RunQuery } from './postgres-fast-append.js';
import { readAllBelowHorizon } from './postgres-read.js';
import { batchedStreamReads } from './postgres-stream-reads.js';
import { wakeupsFor } from './pg-wakeups.js';
import { tracedAppend } from './traced-append.js';

export interface PostgresEventStoreOptions {
  /** Default poll interval of subscriptions (ms) while nothing else wakes them. */
  pollIntervalMs?: number;
  /**
   * Wake subscriptions when another process appends (a LISTEN connection of its own), and tell
   * other processes when this one does. Default on; it turns itself off on embedded PGlite, which
   * delivers no notifications (and runs in one process, where local appends wake subscriptions).
   */
  listen?: boolean;
  /** The safety poll while LISTEN is up (ms); default 1000. */
  listeningPollIntervalMs?: number;
  /** Prepared (named) statements. Default on, except on PGlite, whose sessions share their names. */
  prepare?: boolean;
}

/** The pool stays the caller's: close() stops subscriptions and the LISTEN connection, not the pool. */
export function createPostgresEventStore(pool: pg.Pool, opts: PostgresEventStoreOptions = {}): EventStore {
  const pollIntervalMs = opts.pollIntervalMs ?? 200;
  const listeningPollMs = opts.listeningPollIntervalMs ?? 1_000;
  const wakeups = wakeupsFor(pool);
  const stopListening = opts.listen === false ? async () => undefined : wakeups.listen();
  const run = queryRunner(pool, opts.prepare);
  const readStream = batchedStreamReads(run);
  const appendAll = combinedAppends(run, async (appends) => (await fastAppend(run, appends)) ?? (await carefulAppend(pool, appends)));

  const subscriptions = createSubscriptions((options) => store.readAll(options), {
    batchSize: 100,
    pollIntervalMs,
    idlePollMs: () => (wakeups.listening ? listeningPollMs : undefined),
  });
  const stopWaking = wakeups.on('hub_events', () => subscriptions.wake());

  const store: EventStore = {
    async append(streamId, events, expectedVersion) {
      const [result] = await store.appendMany([{ streamId, events, expectedVersion }]);
      if (result === undefined) throw new Error('append: no result');
      return result;
    },

    async appendMany(appends) {
      assertWellFormed(appends);
      if (appends.length === 0) return [];
      try {
        return await tracedAppend(appends, appendAll);
      } finally {
        // Also after a failure: an append that took an id and rolled back may have held
        // followers back while it ran.
        wakeups.signal('hub_events');
      }
    },

    readStream: (streamId, fromVersion = 1) => readStream(streamId, fromVersion),

    readAll: (options) => readAllBelowHorizon(run, options),
    subscribe: (options) => subscriptions.subscribe(options),
    async close() {
      stopWaking();
      await subscriptions.close();
      await stopListening();
    },
  };
  return store;
}

/**
 * Named statements are parsed and planned once per connection. Embedded PGlite shares one session
 * among all its connections, so a name prepared by one would clash with the next: unnamed there.
 */
function queryRunner(pool: pg.Pool, prepare: boolean | undefined): RunQuery {
  let named: Promise<boolean> | undefined = prepare === undefined ? undefined : Promise.resolve(prepare);
  const useNames = () =>
    (named ??= pool.query<{ version: string }>('SELECT version()').then(
      ({ rows }) => !/PGlite/.test(rows[0]?.version ?? ''),
      (error: unknown) => {
        named = undefined; // ask again next time
        throw error;
      },
    ));
  return async <R extends pg.QueryResultRow>(statement: { name: string; text: string }, values: unknown[]): Promise<R[]> => {
    const config = (await useNames()) ? { name: statement.name, text: statement.text, values } : { text: statement.text, values };
    return (await pool.query<R>(config)).rows;
  };
}
