import type { PoolClient } from 'pg';
import type { StoredEvent } from '../infra/eventstore/port.js';

/**
 * Applies a batch in log order, giving runs of events that can go together (bookings, most of a
 * busy log) to `many` as one statement; every other accepted event goes to `one`, in its place.
 * Events the projector does not accept are no-ops, so a run continues across them. Under load a
 * projector's batches grow, and with runs its cost per event falls instead of its lag rising.
 */
export async function applyInRuns(
  client: PoolClient,
  events: readonly StoredEvent[],
  parts: {
    accepts: (event: StoredEvent) => boolean;
    together: (event: StoredEvent) => boolean;
    many: (client: PoolClient, events: StoredEvent[]) => Promise<void>;
    one: (client: PoolClient, event: StoredEvent) => Promise<void>;
  },
): Promise<void> {
  let run: StoredEvent[] = [];
  const flush = async () => {
    if (run.length) await parts.many(client, run);
    run = [];
  };
  for (const event of events) {
    if (!parts.accepts(event)) continue;
    if (parts.together(event)) {
      run.push(event);
      continue;
    }
    await flush();
    await parts.one(client, event);
  }
  await flush();
}
