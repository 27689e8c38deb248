import type { Pool } from 'pg';
import { DomainError } from '../domain/shared/domain-error.js';
import { expireReservation } from '../commands/reservation-commands.js';
import type { EventStore } from '../infra/eventstore/port.js';
import { overdueReservationIds } from '../projections/reservations/queries.js';
import { workerContext } from './worker-context.js';

export interface SweepDeps {
  db: Pool;
  store: EventStore;
  clock: () => Date;
}

export interface SweepOptions {
  causationId?: string;
  batchSize?: number;
  /** Checked between reservations: a closing process stops after the one in hand. */
  shouldStop?: () => boolean;
}

const FIRST_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Expires every reservation the read model shows as overdue (unpaid past payment_due_at, or open
 * past end_time), in batches until none are left; returns how many it expired. The event store
 * decides each one, so a stale row (paid or closed meanwhile) is a no-op or a skipped refusal.
 */
export async function sweepOverdue(deps: SweepDeps, opts: SweepOptions = {}): Promise<number> {
  const causationId = opts.causationId ?? 'sweeper';
  const batchSize = opts.batchSize ?? 500;
  const cutoff = deps.clock();
  let after = FIRST_ID;
  let expired = 0;
  for (;;) {
    // Keyset on id: the read model lags the expiries we append, so re-reading "what is still
    // open" would return the same rows until the projector catches up.
    const ids = await overdueReservationIds(deps.db, cutoff, after, batchSize);
    for (const id of ids) {
      if (opts.shouldStop?.()) return expired;
      if (await expireOne(deps, id, causationId)) expired++;
    }
    const last = ids.at(-1);
    if (!last || ids.length < batchSize) return expired;
    after = last;
  }
}

async function expireOne(deps: SweepDeps, id: string, causationId: string): Promise<boolean> {
  try {
    const result = await expireReservation(deps, id, workerContext(deps.clock(), causationId));
    return result.events.length > 0;
  } catch (error) {
    // The read model was behind (paid since, or not yet in the log): the next sweep looks again.
    if (error instanceof DomainError) return false;
    throw error;
  }
}
