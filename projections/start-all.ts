import type { Pool } from 'pg';
import type { EventStore, StoredEvent, Subscription } from '../infra/eventstore/port.js';
import { errorReporter } from '../infra/log/error-reporter.js';
import { projectors } from './all.js';
import { startProjector } from './runner.js';

/** Starts every projector; returns a stop function. */
export async function startAllProjectors(
  db: Pool,
  store: EventStore,
  onCommitted?: (events: StoredEvent[]) => void,
  pollIntervalMs?: number,
  batchSize?: number,
): Promise<() => Promise<void>> {
  const subscriptions: Subscription[] = [];
  for (const projector of projectors) {
    subscriptions.push(
      await startProjector({
        pool: db,
        store,
        projector,
        pollIntervalMs,
        batchSize,
        onCommitted,
        onError: errorReporter(`[projection ${projector.name}]`),
      }),
    );
  }
  return async () => {
    await Promise.all(subscriptions.map((s) => s.stop()));
  };
}
