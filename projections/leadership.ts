// Projector leadership across processes (ADR 0011): any number of projection processes run, and
// for each projector exactly one applies events. Each process holds one dedicated connection on
// which it takes a PostgreSQL session advisory lock per projector it leads; standbys try the
// locks they lack every `retryMs`, and a process leads at most its fair share (projectors ÷
// processes, rounded up), handing one over per two rounds while above it. The server drops a dead session's locks, so a killed leader's
// projectors are taken within about retryMs plus the server noticing (a TCP close is immediate).
// A leader that stops making progress (frozen, paused, cut off, its event loop blocked) keeps its
// socket open, so the server ends that session itself once it has been idle IDLE_SESSION_TIMEOUT_MS
// (ADR 0017): the process sends a heartbeat far more often than that while it runs.
// Leadership only saves work and contention: correctness comes from the fenced checkpoint in
// every batch (runner.ts), so a process that lost its lock without knowing can never commit.
import pg from 'pg';
import type { Pool } from 'pg';
import type { EventStore, StoredEvent, Subscription } from '../infra/eventstore/port.js';
import type { Projector } from './projector.js';
import { startProjector } from './runner.js';

export const LEADERSHIP_APPLICATION_NAME = 'hub-projector-leadership';
/** First half of each projector's two-part advisory lock key; the second is hashtext(name). */
const LOCK_CLASS = 0x6875_6270; // "hubp"
/** A heartbeat or try-lock that takes longer than this counts as a lost connection. */
const QUERY_TIMEOUT_MS = 2_000;
/**
 * The server ends a leadership session that sent nothing for this long (idle_session_timeout,
 * PostgreSQL 14+), and its locks go with it: a frozen leader is replaced about this long after it
 * froze, plus a standby's next try. Heartbeats go at least every second while the process runs.
 */
export const IDLE_SESSION_TIMEOUT_MS = 3_000;
/**
 * Self-fencing: a batch is not committed when the leadership connection has not answered for this
 * long (a process waking from a freeze may not have read yet that the server ended its session).
 * Shorter than IDLE_SESSION_TIMEOUT_MS, so a process never commits on a lock it may have lost.
 */
const LEASE_MS = 2_000;

export interface LeadershipOptions {
  pool: Pool;
  store: EventStore;
  projectors: Projector[];
  batchSize?: number;
  pollIntervalMs?: number;
  onCommitted?: (events: StoredEvent[]) => void;
  onError: (projector: string) => (error: unknown) => void;
  /** Take advisory locks (default); off where one process is all there is (embedded PGlite). */
  lock?: boolean;
  /** How often standbys try the locks they lack and the connection is checked; default 500 ms. */
  retryMs?: number;
  log?: (line: string) => void;
}

export interface ProjectorLeadership {
  /** Names of the projectors this process leads now. */
  leading(): string[];
  /** Stops applying (the batch in flight commits or rolls back), then lets go of every lock. */
  stop(): Promise<void>;
}

export async function startLeadership(options: LeadershipOptions): Promise<ProjectorLeadership> {
  const retryMs = options.retryMs ?? 500;
  const heartbeatMs = Math.min(retryMs, 1_000);
  const log = options.log ?? ((line: string) => console.log(line));
  const running = new Map<string, Subscription>();
  let leading = new Set<string>();
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let started = false; // the first round's leads are told by the caller; later ones are takeovers
  let answeredAt = 0; // when the leadership connection last answered (LEASE_MS)
  let heartbeat: NodeJS.Timeout | undefined;
  let beating = false;
  let connectFailed = false; // log a connection failure once, not every round

  const lead = async (projector: Projector) => {
    leading.add(projector.name);
    const led = leading; // a lost connection replaces the set: batches of the old one stop committing
    let subscription: Subscription;
    try {
      subscription = await startProjector({
        pool: options.pool,
        store: options.store,
        projector,
        batchSize: options.batchSize,
        pollIntervalMs: options.pollIntervalMs,
        onCommitted: options.onCommitted,
        onError: options.onError(projector.name),
        stillLeading: () => !stopped && led === leading && led.has(projector.name) && (options.lock === false || Date.now() - answeredAt < LEASE_MS),
      });
    } catch (error) {
      // Could not start (the database away): give the lock back so the next round tries afresh.
      led.delete(projector.name);
      if (client && options.lock !== false) await query(client, `SELECT pg_advisory_unlock(${LOCK_CLASS}, hashtext($1))`, [projector.name]).catch(() => {});
      throw error;
    }
    // Lost (or stopped) while it started: it must not run on as a leader nobody tracks.
    if (stopped || led !== leading) return void (await subscription.stop());
    running.set(projector.name, subscription);
    if (started && options.lock !== false) log(`[projections] took over ${projector.name}`);
  };

  const stopAll = async () => {
    const subscriptions = [...running.values()];
    running.clear();
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  };

  /** The lock connection is gone: every lock went with it, so stop applying at once. */
  const lost = (why: string) => {
    if (!client) return;
    const dead = client;
    client = undefined;
    dead.removeAllListeners('error');
    dead.on('error', () => {});
    void dead.end().catch(() => {});
    if (leading.size) log(`[projections] lost the leadership connection (${why}); standing by`);
    leading = new Set();
    void stopAll();
  };

  const query = async <R extends pg.QueryResultRow>(c: pg.Client, text: string, values: unknown[]) => {
    const result = await withTimeout(c.query<R>(text, values));
    if (c === client) answeredAt = Date.now();
    return result;
  };

  // Between rounds, which may wait on a projector starting or handing over, the connection must
  // never look idle to the server for IDLE_SESSION_TIMEOUT_MS while this process runs.
  const beat = () => {
    const c = client;
    if (!c || beating || stopped || Date.now() - answeredAt < heartbeatMs) return;
    beating = true;
    query(c, 'SELECT 1', [])
      .catch((error: unknown) => (client === c ? lost(error instanceof Error ? error.message : String(error)) : undefined))
      .finally(() => (beating = false));
  };

  const connect = async (): Promise<pg.Client> => {
    // A server restarting may take the TCP connection and not answer: never wait for it unbounded,
    // or the rounds (and so every takeover) would stop here.
    const base = options.pool.options;
    const fresh = new pg.Client({
      ...base,
      application_name: LEADERSHIP_APPLICATION_NAME,
      connectionTimeoutMillis: QUERY_TIMEOUT_MS,
      // The server, not this process, ends a session that went quiet: a frozen process cannot.
      options: [base.options, `-c idle_session_timeout=${IDLE_SESSION_TIMEOUT_MS}`].filter(Boolean).join(' '),
    });
    fresh.on('error', (error) => (client === fresh ? lost(error.message) : undefined));
    fresh.on('end', () => (client === fresh ? lost('connection ended') : undefined));
    try {
      await withTimeout(fresh.connect());
    } catch (error) {
      void fresh.end().catch(() => {});
      if (!connectFailed)
        log(`[projections] could not open the leadership connection (${error instanceof Error ? error.message : String(error)}); trying again`);
      connectFailed = true;
      throw error;
    }
    connectFailed = false;
    answeredAt = Date.now();
    return fresh;
  };

  /** Lets go of one projector: its open batch rolls back (stillLeading), then the lock goes. */
  const release = async (c: pg.Client, name: string) => {
    leading.delete(name);
    const subscription = running.get(name);
    running.delete(name);
    await subscription?.stop();
    await query(c, `SELECT pg_advisory_unlock(${LOCK_CLASS}, hashtext($1))`, [name]);
    log(`[projections] handed ${name} over to another process`);
  };

  let overShare = 0;
  const tryRound = async () => {
    if (options.lock === false) {
      for (const projector of options.projectors) if (!leading.has(projector.name)) await lead(projector);
      return;
    }
    try {
      client ??= await connect();
      const c = client;
      // The heartbeat: how many projection processes hold a leadership connection now. Each
      // leads at most its fair share, so different projectors end up led by different processes.
      const { rows } = await query<{ n: number }>(
        c,
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [LEADERSHIP_APPLICATION_NAME],
      );
      const share = Math.ceil(options.projectors.length / Math.max(1, rows[0]?.n ?? 1));
      if (client !== c || stopped) return;
      // Above the share two rounds running (not just while a peer connects): hand one over.
      overShare = leading.size > share ? overShare + 1 : 0;
      const last = [...leading].at(-1);
      if (overShare >= 2 && last) {
        overShare = 0;
        await release(c, last);
        return;
      }
      for (const projector of options.projectors) {
        if (leading.size >= share) break;
        if (leading.has(projector.name)) continue;
        const tried = await query<{ locked: boolean }>(c, `SELECT pg_try_advisory_lock(${LOCK_CLASS}, hashtext($1)) AS locked`, [projector.name]);
        if (client !== c || stopped) {
          if (tried.rows[0]?.locked) await query(c, `SELECT pg_advisory_unlock(${LOCK_CLASS}, hashtext($1))`, [projector.name]).catch(() => {});
          return;
        }
        if (tried.rows[0]?.locked) await lead(projector);
      }
    } catch (error) {
      // Lost mid-round, or could not connect (the server is away): try again next round.
      if (client) lost(error instanceof Error ? error.message : String(error));
    }
  };

  const tick = () => {
    round = tryRound().finally(() => {
      round = undefined;
      // Not unref'd: while every projector stands by (the database away) this timer is what
      // keeps a projection process alive to take them back.
      if (!stopped) timer = setTimeout(tick, retryMs);
    });
  };

  await tryRound(); // lead what is free before returning, as a single process always did
  started = true;
  timer = setTimeout(tick, retryMs);
  if (options.lock !== false) heartbeat = setInterval(beat, heartbeatMs);

  return {
    leading: () => [...leading],
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(heartbeat);
      await round;
      await stopAll();
      leading = new Set();
      const c = client;
      client = undefined;
      // Closing the session releases every lock; standbys take over on their next try.
      await c?.end().catch(() => {});
    },
  };
}

async function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timeout: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timeout = setTimeout(() => reject(new Error('no answer in time')), QUERY_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timeout);
  }
}
