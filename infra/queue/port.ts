// Job queue port: delayed one-off jobs (e.g. expire a reservation when it is due). Adapters:
// BullMQ on Redis (services mode) and in-process timers (embedded). The database stays the source
// of truth: handlers must be idempotent, and a sweeper driven by the worker process itself (not by
// this queue, which may lose its jobs) repairs anything a lost or cancelled-too-late job missed.

export type JobPayload = Record<string, unknown>;

export interface JobMeta {
  /** The jobId given to schedule(). */
  jobId: string;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
}

export type JobHandler<P extends JobPayload = JobPayload> = (payload: P, meta: JobMeta) => Promise<void>;

/** Reports failed attempts and infrastructure errors; adapters never throw these at callers. */
export type JobErrorReporter = (err: unknown, ctx: { name: string; jobId?: string; attempt?: number; final?: boolean }) => void;

export interface JobQueue {
  /**
   * Schedule a one-off job at runAt (immediately if in the past). Payloads travel as JSON.
   * While a job with this jobId is pending (not yet started), scheduling it again with the same
   * runAt and payload is a no-op, and with a different runAt or payload replaces it. Once it has
   * started, scheduling it again creates a new run (a handler may reschedule its own jobId).
   */
  schedule(name: string, payload: JobPayload, opts: { runAt: Date; jobId: string }): Promise<void>;
  /** Remove a pending job. Does not interrupt a run in progress, but stops its retries. */
  cancel(name: string, jobId: string): Promise<void>;
  /**
   * Register the handler for a job name (once per name). Only processes that call this run jobs
   * of that name. A throwing handler is retried with exponential backoff (5 attempts by default).
   */
  process<P extends JobPayload = JobPayload>(name: string, handler: JobHandler<P>): void;
  /** Stop timers/workers, wait for runs in progress, release connections. */
  close(): Promise<void>;
  /**
   * Jobs per job name and state (waiting, active, delayed, failed), for /metrics. BullMQ counts
   * the whole queue (every process); the in-process queue its own. Optional: test doubles skip it.
   */
  jobCounts?(names: readonly string[]): Promise<{ queue: string; state: string; count: number }[]>;
}

/**
 * A queue that can also run a job on a fixed period (e.g. rotate a reservation's access code
 * every 300 s while it is active). Kept apart from JobQueue so test doubles of the one-off queue
 * need not grow. Both adapters implement it.
 */
export interface RepeatingJobQueue extends JobQueue {
  /**
   * Run `name` with payload every everyMs, the first run one period from now. Calling it again
   * with the same key replaces the earlier repeat (new period or payload). meta.jobId is the key.
   */
  repeat(name: string, payload: JobPayload, opts: { everyMs: number; key: string }): Promise<void>;
  /** Stop the repeat with this key (no-op if none). A run in progress is not interrupted. */
  stopRepeat(name: string, key: string): Promise<void>;
}

export interface RetryOptions {
  /** Total attempts including the first run. Default 5. */
  attempts?: number;
  /** Delay before the first retry; doubles each retry. Default 1000 ms. */
  backoffMs?: number;
  onError?: JobErrorReporter;
}

export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1000;

/** One line per failure (message and code): a Redis outage reports every reconnect attempt. */
export const consoleReporter: JobErrorReporter = (err, ctx) => {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown } | null)?.code;
  const attempt = ctx.attempt === undefined ? '' : ` (attempt ${ctx.attempt}${ctx.final ? ', final' : ''})`;
  console.error(`[queue] ${ctx.name}${ctx.jobId ? ` ${ctx.jobId}` : ''} failed${attempt}: ${message}${typeof code === 'string' ? ` (${code})` : ''}`);
};

/** Same rule in both adapters, so embedded mode fails where services mode would. */
export function toJsonPayload(payload: JobPayload): JobPayload {
  return JSON.parse(JSON.stringify(payload)) as JobPayload;
}

export function assertJobArgs(name: string, jobId?: string): void {
  if (!name) throw new Error('job name must not be empty');
  if (jobId !== undefined && !jobId) throw new Error('jobId must not be empty');
}
