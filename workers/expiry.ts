import type { Pool } from 'pg';
import { DomainError } from '../domain/shared/domain-error.js';
import type { CommandContext } from '../infra/eventstore/command-handler.js';
import type { EventStore } from '../infra/eventstore/port.js';
import type { JobQueue } from '../infra/queue/port.js';
import { EXPIRE_JOB, SWEEP_JOB } from '../api/commands/deps.js';
import { expireReservation } from '../api/commands/reservation-commands.js';

export interface ExpiryDeps {
  db: Pool;
  store: EventStore;
  queue: JobQueue;
  clock: () => Date;
  sweepIntervalMs?: number;
}

const workerContext = (now: Date, causationId: string): CommandContext => ({
  actor: { id: 'worker', role: 'worker' },
  correlationId: causationId,
  causationId,
  now,
});

/**
 * Expires reservations at their end time: one delayed job each, plus a sweeper that expires
 * anything overdue that a lost job missed. The event store decides; both paths are idempotent.
 */
export async function startExpiryWorkers(deps: ExpiryDeps): Promise<void> {
  deps.queue.process<{ reservationId: string }>(EXPIRE_JOB, async ({ reservationId }, meta) => {
    try {
      await expireReservation(deps, reservationId, workerContext(deps.clock(), meta.jobId));
    } catch (error) {
      // Fired early (clock skew): run again at the end time the reservation really has.
      if (error instanceof DomainError && error.code === 'reservation_not_due') {
        const { rows } = await deps.db.query<{ end_time: Date }>('SELECT end_time FROM rm_reservations WHERE id = $1', [reservationId]);
        const runAt = rows[0]?.end_time ?? new Date(deps.clock().getTime() + 60_000);
        await deps.queue.schedule(EXPIRE_JOB, { reservationId }, { runAt, jobId: reservationId });
        return;
      }
      if (error instanceof DomainError && error.code === 'reservation_not_found') return;
      throw error;
    }
  });

  deps.queue.process(SWEEP_JOB, async (_payload, meta) => {
    await sweepOverdue(deps, meta.jobId);
  });
  await deps.queue.every(SWEEP_JOB, deps.sweepIntervalMs ?? 60_000);
}

/** Expires every open reservation whose end time has passed; returns how many it expired. */
export async function sweepOverdue(deps: Pick<ExpiryDeps, 'db' | 'store' | 'clock'>, causationId = 'sweeper'): Promise<number> {
  const now = deps.clock();
  const { rows } = await deps.db.query<{ id: string }>(
    `SELECT id FROM rm_reservations WHERE status IN ('pending', 'active') AND end_time <= $1 ORDER BY end_time LIMIT 500`,
    [now],
  );
  let expired = 0;
  for (const { id } of rows) {
    const result = await expireReservation(deps, id, workerContext(now, causationId));
    if (result.events.length > 0) expired++;
  }
  return expired;
}
