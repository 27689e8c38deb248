// Waiting until projections pass a position, shared by every waiter of a pool: one query of the
// checkpoint table serves them all, repeated when a projector commits (in this process at once;
// from another process through NOTIFY, infra/eventstore/pg-wakeups.ts) and, as a safety net, on
// a short poll. The API waits here after every command, so it must wake within milliseconds.
// A projector that let a wait run out and has not moved since is known to be stalled (its leader
// frozen, say): a wait that asks to (`giveUpWhenStalled`, the API's answers) then ends at its first
// look instead of running out again, so a stall costs one answer its bound and later ones a read.
// A projector stopped at an event it cannot apply (projector-stops.ts) will not pass anything until
// resumed: a waiter is answered false at once unless it asks to wait (`whenStopped: 'wait'`).
import type { Pool } from 'pg';
import { wakeupsFor } from '../infra/eventstore/pg-wakeups.js';
import type { GlobalPosition } from '../infra/eventstore/port.js';
import { comparePositions } from '../infra/eventstore/port.js';

/** Safety poll while LISTEN is up, and while it is not (then polling is how other processes' commits are seen). */
const POLL_LISTENING_MS = 50;
const POLL_MS = 10;

interface Waiter {
  names: string[];
  position: GlobalPosition;
  deadline: number;
  giveUpWhenStalled: boolean;
  whenStopped: WhenStopped;
  resolve(passed: boolean): void;
  reject(error: unknown): void;
}

const byPool = new WeakMap<Pool, (waiter: Waiter) => void>();

export type WhenStopped = 'answer' | 'wait';

export interface WaitOptions {
  /** Answer false at the first look while a projector waited for is known to be stalled. */
  giveUpWhenStalled?: boolean;
  /** 'answer' (default): false at once while a projector waited for is stopped; 'wait': until the deadline. */
  whenStopped?: WhenStopped;
}

export function waitForCheckpoints(pool: Pool, names: string[], position: GlobalPosition, timeoutMs: number, options: WaitOptions = {}): Promise<boolean> {
  let add = byPool.get(pool);
  if (!add) {
    add = checkpointWatcher(pool);
    byPool.set(pool, add);
  }
  const enqueue = add;
  const giveUpWhenStalled = options.giveUpWhenStalled ?? false;
  const whenStopped = options.whenStopped ?? 'answer';
  return new Promise((resolve, reject) => enqueue({ names, position, deadline: Date.now() + timeoutMs, giveUpWhenStalled, whenStopped, resolve, reject }));
}

/** Tells this process's waiters (and, through NOTIFY, other processes') that a checkpoint moved. */
export function checkpointsMoved(pool: Pool): void {
  wakeupsFor(pool).signal('hub_checkpoints');
}

function checkpointWatcher(pool: Pool): (waiter: Waiter) => void {
  const wakeups = wakeupsFor(pool);
  const waiters = new Set<Waiter>();
  let running = false;
  let woken = false;
  let wake: (() => void) | undefined;
  let unsubscribe: (() => void) | undefined;
  /** Projectors that let a wait run out, with the checkpoint they were at then; gone once it moves. */
  const stalled = new Map<string, string>();

  const signalled = () => {
    woken = true;
    wake?.();
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const check = async () => {
    const names = [...new Set([...waiters].flatMap((waiter) => waiter.names))];
    const { rows } = await pool.query<{ name: string; tx: string | null; seq: string | null; stopped: boolean }>(
      `SELECT n.name, c.tx, c.seq, EXISTS (SELECT 1 FROM projection_stops s WHERE s.name = n.name) AS stopped
         FROM unnest($1::text[]) AS n(name) LEFT JOIN projection_checkpoints c ON c.name = n.name`,
      [names],
    );
    const at = new Map(rows.filter((row) => row.tx !== null).map((row) => [row.name, { tx: BigInt(row.tx!), seq: BigInt(row.seq!) }]));
    const stopped = new Set(rows.filter((row) => row.stopped).map((row) => row.name));
    const mark = (name: string) => `${at.get(name)?.tx ?? '-'}/${at.get(name)?.seq ?? '-'}`;
    for (const [name, was] of stalled) if (names.includes(name) && mark(name) !== was) stalled.delete(name);
    const now = Date.now();
    for (const waiter of waiters) {
      const behind = waiter.names.filter((name) => {
        const checkpoint = at.get(name);
        return checkpoint === undefined || comparePositions(checkpoint, waiter.position) < 0;
      });
      const ranOut = behind.length > 0 && now >= waiter.deadline;
      if (ranOut) for (const name of behind) if (!stalled.has(name)) stalled.set(name, mark(name));
      const stuck = waiter.whenStopped === 'answer' && behind.some((name) => stopped.has(name));
      if (behind.length === 0 || ranOut || stuck || (waiter.giveUpWhenStalled && behind.some((name) => stalled.has(name)))) {
        waiters.delete(waiter);
        waiter.resolve(behind.length === 0);
      }
    }
  };

  const loop = async () => {
    running = true;
    unsubscribe = wakeups.on('hub_checkpoints', signalled);
    try {
      while (waiters.size > 0) {
        woken = false;
        try {
          await check();
        } catch (error) {
          for (const waiter of waiters) waiter.reject(error);
          waiters.clear();
          break;
        }
        if (waiters.size === 0) break;
        const nearest = Math.min(...[...waiters].map((waiter) => waiter.deadline)) - Date.now();
        await pause(Math.max(0, Math.min(nearest, wakeups.listening ? POLL_LISTENING_MS : POLL_MS)));
      }
    } finally {
      unsubscribe?.();
      running = false;
    }
  };

  return (waiter) => {
    waiters.add(waiter);
    if (running)
      signalled(); // look at once: the checkpoint may have passed already
    else void loop();
  };
}
