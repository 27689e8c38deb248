import type { Pool } from 'pg';
import { DomainError } from '../domain/shared/domain-error.js';
import type { EventStore } from '../infra/eventstore/port.js';
import type { JobQueue } from '../infra/queue/port.js';
import { EXPIRE_JOB } from '../commands/deps.js';
import { expireReservation } from '../commands/reservation-commands.js';
import type { Sweeper } from './sweeper.js';
import { startSweeper } from './sweeper.js';
import { workerContext } from './worker-context.js';
import { reservationDue } from '../projections/reservations/queries.js';

export { sweepOverdue } from './sweep-overdue.js';

export interface ExpiryDeps {
  db: Pool;
  store: EventStore;
  queue: JobQueue;
  clock: () => Date;
  /** How often this process sweeps for overdue reservations (SWEEP_INTERVAL_MS). Default 60 s. */
  sweepIntervalMs?: number;
  /** Serialize sweeps across processes with an advisory lock; false only on embedded PGlite. */
  sweepLock?: boolean;
  log?: (line: string) => void;
}

export interface ExpiryWorkers {
  sweeper: Sweeper;
  /** Stops the sweeper, waiting for a round in progress. The queue is closed by its owner. */
  close(): Promise<void>;
}

// A due time already past (stale read model) retries this much later, never in a hot loop.
const MIN_RESCHEDULE_MS = 1_000;

/**
 * Expires reservations when due: one delayed job each (at payment_due_at while unpaid, else at the
 * end time), plus a sweeper on a timer that expires anything overdue a lost job missed. The event
 * store decides; both paths are idempotent.
 */
export async function startExpiryWorkers(deps: ExpiryDeps): Promise<ExpiryWorkers> {
  deps.queue.process<{ reservationId: string }>(EXPIRE_JOB, async ({ reservationId }, meta) => {
    try {
      await expireReservation(deps, reservationId, workerContext(deps.clock(), meta.jobId));
    } catch (error) {
      // Fired early (clock skew, or paid since it was scheduled): run again when next due.
      if (error instanceof DomainError && error.code === 'reservation_not_due') {
        const runAt = await nextDueTime(deps, reservationId);
        await deps.queue.schedule(EXPIRE_JOB, { reservationId }, { runAt, jobId: reservationId });
        return;
      }
      if (error instanceof DomainError && error.code === 'reservation_not_found') return;
      throw error;
    }
  });
  const sweeper = startSweeper(deps, { intervalMs: deps.sweepIntervalMs, lock: deps.sweepLock, log: deps.log });
  return { sweeper, close: () => sweeper.close() };
}

/** payment_due_at while the reservation is pending and that is still ahead, else its end time. */
async function nextDueTime(deps: Pick<ExpiryDeps, 'db' | 'clock'>, reservationId: string): Promise<Date> {
  const now = deps.clock().getTime();
  const row = await reservationDue(deps.db, reservationId);
  // Not projected yet: look again in a minute (the sweeper covers it meanwhile).
  if (!row) return new Date(now + 60_000);
  const paymentDue = row.status === 'pending' && row.payment_due_at && row.payment_due_at.getTime() > now ? row.payment_due_at : null;
  const due = (paymentDue ?? row.end_time).getTime();
  return new Date(due > now ? due : now + MIN_RESCHEDULE_MS);
}
