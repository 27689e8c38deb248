import type { PoolClient } from 'pg';
import type { StoredEvent } from '../infra/eventstore/port.js';
import type { BatchStatements } from './batch-statements.js';

/**
 * A projector turns events into rows. `apply` runs inside the runner's transaction with the
 * checkpoint update, so it must use only the given client and be deterministic on the event
 * (use the event's metadata time, never the clock).
 */
export interface Projector {
  name: string;
  /** Tables it owns, emptied by a rebuild. */
  tables: string[];
  apply(client: PoolClient, event: StoredEvent): Promise<void>;
  /**
   * A whole batch at once, with the effect of `apply` on each event in order (apply-runs.ts);
   * writes may be held in `batch` and go with the COMMIT.
   */
  applyBatch?(batch: BatchStatements, events: StoredEvent[]): Promise<void>;
  /**
   * True when `apply` only writes (it never reads a query's result): its statements are then held
   * and sent with the batch's COMMIT (apply-batches.ts), one round trip for the whole batch
   * instead of one per statement, as `applyBatch` does. The client it gets answers every query
   * with no rows.
   */
  writeOnly?: boolean;
  /**
   * False for events `apply` ignores. A batch with none it accepts only moves the checkpoint,
   * in one round trip instead of a transaction of several.
   */
  accepts?(event: StoredEvent): boolean;
}

export const eventTime = (event: StoredEvent) => event.metadata.at;
