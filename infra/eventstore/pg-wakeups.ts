// Wake-ups across processes through PostgreSQL LISTEN/NOTIFY, one set per pool: "events were
// appended" wakes subscriptions, "a projection checkpoint moved" wakes waitForProjections, and
// "an account's sessions ended" (payload: the user id, sent by api/auth/session-epochs.ts inside
// the ending transaction) drops that account from every API process's session cache, and "the
// read models were switched" (sent by a projections rebuild inside its switch, payload: the
// rebuild's id) makes every API process reload what it caches from them.
//
// NOTIFY is sent after the fact, on the listening connection, not inside the append: a NOTIFY
// inside a transaction takes a database-wide lock held through its commit, which serialises every
// appending commit (measured: 8 writers fell to 0.18 of plain INSERTs). Sent after commit,
// coalesced to one in flight per channel, it costs appends nothing; its receivers read the log
// anyway, so one notification after the last append is all they need. Polling stays the
// fallback: a notification can be lost (a process dies between commit and NOTIFY, a reconnect).
import pg from 'pg';
import { describeDbError } from '../db/pool.js';

export type Channel = 'hub_events' | 'hub_checkpoints' | 'hub_sessions' | 'hub_read_models';
const CHANNELS: Channel[] = ['hub_events', 'hub_checkpoints', 'hub_sessions', 'hub_read_models'];
/** A notification's payload; undefined for a local signal and after a (re)connect, when any may have been missed. */
export type Handler = (payload?: string) => void;

export interface Wakeups {
  /** True while the LISTEN connection is up: followers may poll slowly. */
  readonly listening: boolean;
  /** Calls fn on every signal of the channel, from this process or (while listening) another. */
  on(channel: Channel, fn: Handler): () => void;
  /** Wakes this process's listeners at once and, while listening, every other process's. */
  signal(channel: Channel): void;
  /** Keeps a LISTEN connection open until the returned function is called (counted). */
  listen(): () => Promise<void>;
}

const MAX_BACKOFF_MS = 5_000;
export const LISTEN_APPLICATION_NAME = 'hub-eventstore-listen';
const byPool = new WeakMap<pg.Pool, Wakeups>();

/** The wake-ups of a pool: the processes' parts that share the pool share them. */
export function wakeupsFor(pool: pg.Pool): Wakeups {
  let wakeups = byPool.get(pool);
  if (!wakeups) {
    wakeups = createWakeups(pool);
    byPool.set(pool, wakeups);
  }
  return wakeups;
}

function createWakeups(pool: pg.Pool): Wakeups {
  const handlers = new Map<Channel, Set<Handler>>(CHANNELS.map((channel) => [channel, new Set()]));
  const fire = (channel: Channel, payload?: string) => {
    for (const fn of handlers.get(channel) ?? []) fn(payload);
  };
  const fireAll = () => CHANNELS.forEach((channel) => fire(channel));
  let users = 0;
  let connection: ListenConnection | undefined;

  return {
    get listening() {
      return connection?.ready ?? false;
    },
    on(channel, fn) {
      handlers.get(channel)!.add(fn);
      return () => void handlers.get(channel)!.delete(fn);
    },
    signal(channel) {
      fire(channel);
      connection?.notify(channel);
    },
    listen() {
      // A stand-in without connection options (a test double) cannot open a connection of its own.
      if (!(pool as { options?: unknown }).options) return async () => undefined;
      users++;
      connection ??= openListenConnection(pool, fire, fireAll);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        if (--users > 0 || !connection) return;
        const closing = connection;
        connection = undefined;
        await closing.close();
      };
    },
  };
}

interface ListenConnection {
  readonly ready: boolean;
  notify(channel: Channel): void;
  close(): Promise<void>;
}

/**
 * A dedicated client (never one of the pool's, so appends never wait for it) that LISTENs on
 * every channel, reconnects with backoff, and wakes everything after each (re)connect, since
 * notifications sent meanwhile are lost. Embedded PGlite does not deliver notifications to its
 * socket clients: there it stays off, and local signals do the work (one process).
 */
function openListenConnection(pool: pg.Pool, fire: (channel: Channel, payload?: string) => void, fireAll: () => void): ListenConnection {
  let client: pg.Client | undefined;
  let ready = false;
  let closed = false;
  let backoff = 100;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Channel>();
  const pending = new Set<Channel>();

  const retry = (error: unknown) => {
    // A pool that was ended without closing its store (a script, a test) is not coming back.
    if ((pool as { ending?: boolean }).ending) closed = true;
    if (closed || timer) return;
    if (ready) console.error(`[eventstore] LISTEN connection lost, polling until it is back: ${describeDbError(error)}`);
    ready = false;
    const broken = client;
    client = undefined;
    broken?.removeAllListeners('notification');
    void broken?.end().catch(() => undefined);
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, backoff);
    timer.unref();
    backoff = Math.min(MAX_BACKOFF_MS, backoff * 2);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    // Named, so an operator (or a test) can tell it among the sessions in pg_stat_activity.
    const attempt = new pg.Client({ ...pool.options, application_name: LISTEN_APPLICATION_NAME });
    client = attempt;
    attempt.on('error', (error) => {
      if (client === attempt) retry(error);
    });
    try {
      await attempt.connect();
      // Waiting for notifications is no reason to keep a process alive.
      (attempt as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      const { rows } = await attempt.query<{ version: string }>('SELECT version()');
      if (/PGlite/.test(rows[0]?.version ?? '')) {
        client = undefined;
        await attempt.end();
        return;
      }
      // Our own NOTIFYs come back too: the local signal has already woken this process.
      const ownPid = (attempt as unknown as { processID?: number }).processID;
      attempt.on('notification', (message) => {
        if (message.processId !== ownPid && CHANNELS.includes(message.channel as Channel)) fire(message.channel as Channel, message.payload);
      });
      // A NOTIFY commits a transaction with an id; its flush to disk is of no use to anyone (a
      // lost notification is made up by the safety poll), so do not wait for it.
      await attempt.query(['SET synchronous_commit = off', ...CHANNELS.map((channel) => `LISTEN ${channel}`)].join('; '));
      if (closed || client !== attempt) return;
      ready = true;
      backoff = 100;
      fireAll();
      // Signals raised while the connection was down are owed to the other processes.
      for (const channel of [...pending]) {
        pending.delete(channel);
        send(channel);
      }
    } catch (error) {
      if (client === attempt) retry(error);
    }
  }

  const send = (channel: Channel) => {
    const target = client;
    if (!ready || !target) return void pending.add(channel);
    inFlight.add(channel);
    target
      .query('SELECT pg_notify($1, $2)', [channel, ''])
      .catch(() => pending.add(channel)) // the connection broke: send again once it is back
      .finally(() => {
        inFlight.delete(channel);
        if (pending.delete(channel)) send(channel);
      });
  };

  void connect();
  return {
    get ready() {
      return ready;
    },
    notify(channel) {
      if (inFlight.has(channel) || !ready) pending.add(channel);
      else send(channel);
    },
    async close() {
      closed = true;
      ready = false;
      clearTimeout(timer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
