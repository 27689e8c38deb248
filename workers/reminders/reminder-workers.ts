// The reminder workers (issue 28 item 7, ADR 0023): BullMQ runs each reservation's reminder jobs
// (one process gets each job), and a sweeper on this process's own timer sends what a lost job
// missed. Several replicas may race on one notice; the reminders stream's expected version lets
// one of them record it, and only that one sends it.
import type { Pool } from 'pg';
import type { ReminderJobPayload } from '../../commands/reminder-schedule.js';
import { OVERDUE_RELEASE_JOB, REMINDER_JOB } from '../../commands/reminder-schedule.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { describeDbError } from '../../infra/db/pool.js';
import { holdsToRelease, sweepCandidates } from '../../projections/notifications/queries.js';
import { withAdvisoryLock } from '../advisory-lock.js';
import type { ReminderJobDeps } from './reminder-job.js';
import { runRelease, runReminder } from './reminder-job.js';
import { positiveMsFromEnv } from '../../infra/env-ms.js';

export const DEFAULT_REMINDER_SWEEP_MS = 60_000;
/** How far back the sweeper looks: a notice more than this late is no longer sent. */
export const REMINDER_SWEEP_LOOKBACK_MS = 2 * 60 * 60_000;
const REMINDER_SWEEP_LOCK = 0x6875625f72656d69n; // "hub_remi"

export function reminderSweepIntervalFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return positiveMsFromEnv(env, 'REMINDER_SWEEP_INTERVAL_MS', DEFAULT_REMINDER_SWEEP_MS);
}

export interface ReminderWorkerOptions {
  sweepIntervalMs?: number;
  /** Take the advisory lock and claim the period (default); off on embedded PGlite (one process). */
  sweepLock?: boolean;
}

export interface ReminderWorkers {
  /** One sweep now; resolves with how many notices it sent. */
  sweepNow(): Promise<number>;
  close(): Promise<void>;
}

export function startReminderWorkers(deps: ReminderJobDeps, opts: ReminderWorkerOptions = {}): ReminderWorkers {
  deps.queue.process<ReminderJobPayload>(REMINDER_JOB, async (payload, meta) => {
    try {
      await runReminder(deps, payload, `reminder-${meta.jobId}`);
    } catch (error) {
      if (error instanceof DomainError) return; // the reservation's stream refused a read: nothing to send
      throw error;
    }
  });
  deps.queue.process<{ reservationId: string }>(OVERDUE_RELEASE_JOB, async ({ reservationId }, meta) => {
    await runRelease(deps, reservationId, `release-${meta.jobId}`);
  });
  return startReminderSweeper(deps, opts);
}

/** The sweeper alone, on this process's own timer (not a queue job: it repairs a lost queue). */
export function startReminderSweeper(deps: ReminderJobDeps, opts: ReminderWorkerOptions = {}): ReminderWorkers {
  const intervalMs = opts.sweepIntervalMs ?? DEFAULT_REMINDER_SWEEP_MS;
  const lock = (opts.sweepLock ?? true) && (deps.db.options.max ?? 10) > 1;
  let closing = false;
  let current: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let round = 0;

  async function sweep(scheduled: boolean): Promise<number> {
    const run = async () => {
      if (scheduled && lock && !(await claimPeriod(deps.db, intervalMs))) return 0;
      const now = deps.clock();
      let sent = 0;
      const causation = `reminder-sweeper-${++round}`;
      for (const c of await sweepCandidates(deps.db, now, deps.leadMs, REMINDER_SWEEP_LOOKBACK_MS, 500)) {
        if (closing) break;
        const outcome = await runReminder(deps, { reservationId: c.reservation_id, kind: c.kind, endMs: c.end_at.getTime() }, causation).catch(
          (error: unknown) => {
            if (error instanceof DomainError) return 'dropped' as const;
            throw error;
          },
        );
        if (outcome === 'sent') sent++;
      }
      // Holds whose release job was lost: however late, a locker is never held for good.
      for (const h of await holdsToRelease(deps.db, now, deps.holdMs, 500)) {
        if (closing) break;
        await runRelease(deps, h.reservation_id, causation);
      }
      return sent;
    };
    if (!lock) return run();
    const result = await withAdvisoryLock(deps.db, REMINDER_SWEEP_LOCK, run);
    return result.acquired ? result.value : 0;
  }
  const sweepOnce = (scheduled: boolean) =>
    (current ??= sweep(scheduled).finally(() => {
      current = undefined;
    }));
  function tick(): void {
    const started = Date.now();
    sweepOnce(true)
      .then((sent) => sent > 0 && deps.log(`[reminders] the sweep sent ${sent} notice(s) a lost job missed`))
      .catch((error: unknown) => deps.log(`[reminders] sweep failed, retrying in ${intervalMs} ms: ${describeDbError(error)}`))
      .finally(() => {
        if (closing) return;
        timer = setTimeout(tick, Math.max(0, intervalMs - (Date.now() - started)));
        timer.unref();
      });
  }
  timer = setTimeout(tick, 0);
  timer.unref();
  return {
    sweepNow: () => sweepOnce(false),
    async close() {
      closing = true;
      clearTimeout(timer);
      await current?.catch(() => 0);
    },
  };
}

/** Only the first worker process to reach a period sweeps in it (as workers/sweeper.ts does). */
async function claimPeriod(db: Pool, intervalMs: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO periodic_runs (name, last_started_at) VALUES ('reminder-sweeper', now())
     ON CONFLICT (name) DO UPDATE SET last_started_at = now()
      WHERE periodic_runs.last_started_at <= now() - make_interval(secs => $1::float8 / 1000)`,
    [Math.floor(intervalMs * 0.9)],
  );
  return rowCount === 1;
}
