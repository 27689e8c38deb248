import type { Pool } from 'pg';
import { describeDbError } from '../infra/db/pool.js';
import { withAdvisoryLock } from './advisory-lock.js';
import type { SweepDeps } from './sweep-overdue.js';
import { sweepOverdue } from './sweep-overdue.js';
import { positiveMsFromEnv } from '../infra/env-ms.js';

// The sweeper runs on a timer in the worker process, not as a queue job: it repairs what a lost
// queue (e.g. a restarted Redis) dropped, so it must not depend on that queue to run.

export const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

/** One lock per database: replicas of the worker take turns instead of sweeping together. */
export const SWEEP_LOCK_KEY = 0x6875625f73776570n; // "hub_swep"

export interface SweeperOptions {
  intervalMs?: number;
  /**
   * Take the advisory lock (default). Off for embedded PGlite: one process, and a pool of 1 whose
   * clients share one session. Never taken on a pool of 1 (it would starve the sweep itself).
   */
  lock?: boolean;
  log?: (line: string) => void;
}

export interface Sweeper {
  /** Runs one round now (skipped if another process holds the lock); resolves with the count. */
  sweepNow(): Promise<number>;
  /** Stops the timer and waits for a round in progress, which stops after its current item. */
  close(): Promise<void>;
}

/** SWEEP_INTERVAL_MS, a positive number of milliseconds; default 60 s. */
export function sweepIntervalFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return positiveMsFromEnv(env, 'SWEEP_INTERVAL_MS', DEFAULT_SWEEP_INTERVAL_MS);
}

/** Sweeps right away, then every intervalMs from the start of the previous round, never overlapping. */
export function startSweeper(deps: SweepDeps, opts: SweeperOptions = {}): Sweeper {
  const intervalMs = opts.intervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
  if (!(intervalMs > 0)) throw new Error('sweep interval must be positive');
  // Holding one client for the lock on a pool of 1 would leave none for the sweep: it would hang.
  const lock = (opts.lock ?? true) && (deps.db.options.max ?? 10) > 1;
  const log = opts.log ?? ((line: string) => console.log(line));
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<number> | undefined;
  let round = 0;

  async function sweep(scheduled: boolean): Promise<number> {
    const run = async () => {
      // On the timer, only the first worker process to reach a period sweeps in it.
      if (scheduled && lock && !(await claimPeriod(deps.db, intervalMs))) return 0;
      return sweepOverdue(deps, { causationId: `sweeper-${++round}`, shouldStop: () => closing });
    };
    if (!lock) return run();
    const result = await withAdvisoryLock(deps.db, SWEEP_LOCK_KEY, run);
    return result.acquired ? result.value : 0;
  }

  function sweepNow(scheduled = false): Promise<number> {
    // A round in progress serves a concurrent request too: never two rounds in one process.
    current ??= sweep(scheduled).finally(() => {
      current = undefined;
    });
    return current;
  }

  function tick(): void {
    timer = undefined;
    const started = Date.now();
    sweepNow(true)
      .then((expired) => {
        if (expired > 0) log(`[sweeper] expired ${expired} overdue reservation(s)`);
      })
      .catch((error: unknown) => log(`[sweeper] sweep failed, retrying in ${intervalMs} ms: ${describeDbError(error)}`))
      .finally(() => {
        if (closing) return;
        timer = setTimeout(tick, Math.max(0, intervalMs - (Date.now() - started)));
        timer.unref(); // the process's servers and queue keep it alive, not this timer
      });
  }

  timer = setTimeout(tick, 0);
  timer.unref();

  return {
    sweepNow() {
      if (closing) return Promise.reject(new Error('sweeper is closed'));
      return sweepNow();
    },
    async close() {
      closing = true;
      clearTimeout(timer);
      timer = undefined;
      await current?.catch(() => 0);
    },
  };
}

/**
 * Claims this period of the sweeper for the calling process (under the sweep lock): true when
 * no process started a sweep within the last 90 % of the interval (a little slack for timers).
 */
export async function claimPeriod(db: Pool, intervalMs: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO periodic_runs (name, last_started_at) VALUES ('sweeper', now())
     ON CONFLICT (name) DO UPDATE SET last_started_at = now()
      WHERE periodic_runs.last_started_at <= now() - make_interval(secs => $1::float8 / 1000)`,
    [Math.floor(intervalMs * 0.9)],
  );
  return rowCount === 1;
}
