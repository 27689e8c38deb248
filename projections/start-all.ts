import type { Pool } from 'pg';
import type { EventStore, StoredEvent } from '../infra/eventstore/port.js';
import { errorReporter } from '../infra/log/error-reporter.js';
import { activeProjectors } from './all.js';
import { startLeadership, type ProjectorLeadership } from './leadership.js';

/** Leads every projector it can (advisory locks, ADR 0011) and follows the others' leaders. */
export async function startProjections(
  db: Pool,
  store: EventStore,
  opts: { onCommitted?: (events: StoredEvent[]) => void; pollIntervalMs?: number; batchSize?: number; lock?: boolean } = {},
): Promise<ProjectorLeadership> {
  return startLeadership({
    pool: db,
    store,
    projectors: activeProjectors(),
    batchSize: opts.batchSize,
    pollIntervalMs: opts.pollIntervalMs,
    onCommitted: opts.onCommitted,
    // A pool of 1 (embedded PGlite) is one process sharing one session: it simply leads.
    lock: opts.lock ?? (db.options.max ?? 10) > 1,
    onError: (name) => errorReporter(`[projection ${name}]`),
  });
}

/** Starts every projector; returns a stop function. */
export async function startAllProjectors(
  db: Pool,
  store: EventStore,
  onCommitted?: (events: StoredEvent[]) => void,
  pollIntervalMs?: number,
  batchSize?: number,
): Promise<() => Promise<void>> {
  const leadership = await startProjections(db, store, { onCommitted, pollIntervalMs, batchSize });
  return () => leadership.stop();
}
