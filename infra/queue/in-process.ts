// In-process JobQueue for embedded mode: timers in this process, nothing survives a restart (the
// sweeper repairs on boot). Mirrors the BullMQ adapter's semantics so code tested in embedded
// mode behaves the same in services mode.
import { assertJobArgs, consoleReporter, DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, toJsonPayload } from './port.js';
import type { JobHandler, JobPayload, RepeatingJobQueue, RetryOptions } from './port.js';
import { countJobFailure } from '../metrics/registry.js';

// setTimeout fires immediately for delays above 2^31-1 ms (~24.8 days); longer waits are chained.
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Entry {
  name: string;
  jobId: string;
  payload: JobPayload;
  /** The time asked for in schedule(): what "same schedule" compares. */
  runAt: number;
  /** When this attempt may start: runAt, or later for a retry. */
  dueAt: number;
  attempt: number;
  timer?: NodeJS.Timeout;
  /** Set when cancelled or replaced while running: its retries must not happen. */
  superseded?: boolean;
}

export interface InProcessQueueOptions extends RetryOptions {
  now?: () => number;
}

export function createInProcessQueue(opts: InProcessQueueOptions = {}): RepeatingJobQueue {
  const now = opts.now ?? (() => Date.now());
  const attempts = Math.max(1, opts.attempts ?? DEFAULT_ATTEMPTS);
  const backoffMs = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
  const reporter = opts.onError ?? consoleReporter;
  // A throwing reporter must not turn into an unhandled rejection.
  const report: typeof reporter = (err, ctx) => {
    try {
      reporter(err, ctx);
    } catch {
      /* ignore */
    }
  };
  const handlers = new Map<string, JobHandler>();
  const pending = new Map<string, Entry>(); // waiting for their time, or for a handler
  const running = new Map<string, Entry>();
  const inFlight = new Set<Promise<void>>();
  const repeats = new Map<string, NodeJS.Timeout>();
  const failed = new Map<string, number>(); // final failures per name (nothing keeps failed jobs here)
  let closed = false;

  const keyOf = (name: string, jobId: string) => `${name}\u0000${jobId}`;

  function checkOpen(): void {
    if (closed) throw new Error('job queue is closed');
  }

  function arm(entry: Entry): void {
    const delay = Math.max(0, entry.dueAt - now());
    // Re-check on firing: covers chained long waits and timers firing a millisecond early.
    const fire = () => (now() >= entry.dueAt ? start(entry) : arm(entry));
    entry.timer = setTimeout(fire, Math.min(delay, MAX_TIMER_MS));
    entry.timer.unref();
  }

  function start(entry: Entry): void {
    entry.timer = undefined;
    const handler = handlers.get(entry.name);
    if (!handler || closed) return; // stays pending; process(name) starts it
    const key = keyOf(entry.name, entry.jobId);
    pending.delete(key);
    running.set(key, entry);
    const run = execute(entry, handler).finally(() => {
      if (running.get(key) === entry) running.delete(key);
      inFlight.delete(run);
    });
    inFlight.add(run);
  }

  async function execute(entry: Entry, handler: JobHandler): Promise<void> {
    const meta = { jobId: entry.jobId, attempt: entry.attempt };
    try {
      await handler(entry.payload, meta);
    } catch (err) {
      const final = entry.attempt >= attempts || entry.superseded === true || closed;
      report(err, { name: entry.name, ...meta, final });
      countJobFailure(entry.name, final);
      if (final) {
        failed.set(entry.name, (failed.get(entry.name) ?? 0) + 1);
        return;
      }
      const retry: Entry = {
        ...entry,
        attempt: entry.attempt + 1,
        dueAt: now() + backoffMs * 2 ** (entry.attempt - 1),
        timer: undefined,
      };
      pending.set(keyOf(entry.name, entry.jobId), retry);
      arm(retry);
    }
  }

  function drop(key: string): void {
    const entry = pending.get(key);
    if (entry) clearTimeout(entry.timer);
    pending.delete(key);
    const active = running.get(key);
    if (active) active.superseded = true;
  }

  return {
    async schedule(name, payload, { runAt, jobId }) {
      checkOpen();
      assertJobArgs(name, jobId);
      const key = keyOf(name, jobId);
      const json = toJsonPayload(payload);
      const existing = pending.get(key);
      if (existing && existing.runAt === runAt.getTime() && JSON.stringify(existing.payload) === JSON.stringify(json)) {
        return; // idempotent while pending
      }
      drop(key);
      const at = runAt.getTime();
      const entry: Entry = { name, jobId, payload: json, runAt: at, dueAt: at, attempt: 1 };
      pending.set(key, entry);
      arm(entry);
    },

    async cancel(name, jobId) {
      assertJobArgs(name, jobId);
      drop(keyOf(name, jobId));
    },

    process(name, handler) {
      checkOpen();
      assertJobArgs(name);
      if (handlers.has(name)) throw new Error(`a handler for job "${name}" is already registered`);
      handlers.set(name, handler as JobHandler);
      // Jobs that came due before a handler existed run now.
      for (const entry of [...pending.values()]) {
        if (entry.name === name && entry.timer === undefined) start(entry);
      }
    },

    // Each tick is a one-off job under the repeat's key, so a tick gets the same retries and
    // "one run at a time per key" as any job; the interval only decides when ticks happen.
    async repeat(name, payload, { everyMs, key }) {
      checkOpen();
      assertJobArgs(name, key);
      if (!(everyMs > 0)) throw new Error('everyMs must be positive');
      const rkey = keyOf(name, key);
      clearInterval(repeats.get(rkey));
      const json = toJsonPayload(payload);
      const tick = () => {
        if (closed || running.has(rkey) || pending.has(rkey)) return; // a slow tick is not doubled
        const entry: Entry = { name, jobId: key, payload: json, runAt: now(), dueAt: now(), attempt: 1 };
        pending.set(rkey, entry);
        start(entry);
      };
      const timer = setInterval(tick, everyMs);
      timer.unref();
      repeats.set(rkey, timer);
    },

    async stopRepeat(name, key) {
      assertJobArgs(name, key);
      const rkey = keyOf(name, key);
      clearInterval(repeats.get(rkey));
      repeats.delete(rkey);
      drop(rkey);
    },

    async jobCounts(names) {
      const counts = new Map(names.map((name) => [name, { waiting: 0, active: 0, delayed: 0, failed: failed.get(name) ?? 0 }]));
      const at = now();
      for (const entry of pending.values()) {
        const c = counts.get(entry.name);
        if (c) c[entry.dueAt > at ? 'delayed' : 'waiting']++;
      }
      for (const entry of running.values()) {
        const c = counts.get(entry.name);
        if (c) c.active++;
      }
      return [...counts].flatMap(([queue, c]) => Object.entries(c).map(([state, count]) => ({ queue, state, count })));
    },

    async close() {
      closed = true;
      for (const timer of repeats.values()) clearInterval(timer);
      repeats.clear();
      for (const entry of pending.values()) clearTimeout(entry.timer);
      pending.clear();
      for (const entry of running.values()) entry.superseded = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}
