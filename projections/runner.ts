import type { Pool } from 'pg';
import { withTransaction } from '../infra/db/pool.js';
import type { EventStore, StoredEvent, Subscription } from '../infra/eventstore/port.js';
import { comparePositions } from '../infra/eventstore/port.js';
import type { Projector } from './projector.js';
import { applyBatch, CheckpointMovedError, LeadershipLostError, readCheckpoint } from './apply-batches.js';
import { batchGroupFor } from './batch-group.js';
import { cannotApply, clearStop, isStopped, ProjectorStoppedError, readStop, recordStop } from './projector-stops.js';

export interface RunnerOptions {
  pool: Pool;
  store: EventStore;
  projector: Projector;
  batchSize?: number;
  pollIntervalMs?: number;
  /** Called after a batch has committed, e.g. to push changes to open pages. */
  onCommitted?: (events: StoredEvent[]) => void;
  onError?: (error: unknown) => void;
}

export { applyBatch, applyBatches, CheckpointMovedError, LeadershipLostError, readCheckpoint } from './apply-batches.js';
export type { BatchFence, BatchJob } from './apply-batches.js';

/** How often a stopped projector looks whether it was resumed (projections:resume). */
const RESUME_POLL_MS = 1_000;

/** Thrown to the subscription's loop after its run ended (fenced or stopped), until it is closed. */
class RunEndedError extends Error {}

/**
 * Follows the global order from the stored checkpoint until stopped. Each batch is fenced on the
 * position it started from; when another process moved the checkpoint, the subscription starts
 * again from the stored one (re-reading rather than applying anything twice). An event the
 * projector cannot apply (projector-stops.ts) stops it there: the events before it are applied
 * one at a time, the stop is recorded, and the projector tries that event again only when
 * resumed (projections:resume) or started again (a restart, a new leader).
 */
export async function startProjector(options: RunnerOptions & { stillLeading?: () => boolean }): Promise<Subscription> {
  const { pool, store, projector } = options;
  let stopped = false;
  let current: Subscription | undefined;
  let endRun: (() => void) | undefined;
  let wakeUp: (() => void) | undefined;
  let haltedHere = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  /** Subscribes from the stored checkpoint; `ended` resolves when the run ends (fenced, stopped at an event, or stop()). */
  const open = async (): Promise<{ ended: Promise<void> }> => {
    // A stop recorded earlier (by this process before a restart, or by another leader): the event
    // is tried again, and once it is applied the stop goes.
    let pendingStop = await readStop(pool, projector.name);
    let position = await readCheckpoint(pool, projector.name);
    let over = false;
    const ended = new Promise<void>((resolve) => {
      endRun = () => {
        over = true;
        resolve();
      };
    });
    const end = endRun!;
    const apply = (events: StoredEvent[]) => batchGroupFor(pool)({ projector, events, fence: { from: position, stillLeading: options.stillLeading } });
    const applied = async (events: StoredEvent[]) => {
      position = events[events.length - 1]!.position;
      options.onCommitted?.(events);
      if (pendingStop && comparePositions(position, pendingStop.at) >= 0) {
        await clearStop(pool, projector.name, pendingStop.eventId);
        pendingStop = null;
      }
    };
    /** After a batch failed on an event it cannot apply: the events one at a time, up to that one. */
    const applyUntilStuck = async (events: StoredEvent[]) => {
      for (const event of events) {
        try {
          await apply([event]);
        } catch (error) {
          if (!cannotApply(error) || stopped) throw error;
          await recordStop(pool, projector.name, event, error);
          options.onError?.(new ProjectorStoppedError(projector.name, event, error));
          haltedHere = true;
          end();
          throw new RunEndedError();
        }
        await applied([event]);
      }
    };
    current = store.subscribe({
      from: position,
      batchSize: options.batchSize ?? 200,
      // While the store's LISTEN connection is up it wakes the projector on every append and this
      // becomes a slower safety poll (PostgresEventStoreOptions.listeningPollIntervalMs).
      pollIntervalMs: options.pollIntervalMs ?? 50,
      onError: (error) => {
        if (error instanceof CheckpointMovedError || error instanceof LeadershipLostError || error instanceof RunEndedError) return;
        options.onError?.(error);
      },
      handle: async (batch) => {
        if (over) throw new RunEndedError(); // until the run is closed
        // A batch retried after some of its events were applied one at a time starts after them.
        const events = batch.filter((event) => comparePositions(event.position, position) > 0);
        if (events.length === 0) return;
        try {
          try {
            await apply(events);
          } catch (error) {
            if (!cannotApply(error) || stopped) throw error;
            return await applyUntilStuck(events);
          }
          await applied(events);
        } catch (error) {
          // Another process moved the checkpoint: subscribe again from the stored one.
          if (error instanceof CheckpointMovedError && !stopped) end();
          throw error;
        }
      },
    });
    return { ended };
  };

  /** Closes each run that ended and opens the next: at once after a fence, once resumed after a stop. */
  const supervise = async (first: { ended: Promise<void> }) => {
    let running: { ended: Promise<void> } | null = first;
    while (!stopped) {
      if (running) {
        await running.ended;
        await current?.stop();
        current = undefined;
        running = null;
        if (stopped) break;
      }
      try {
        // Stopped at an event here: nothing more until projections:resume deletes the stop.
        if (haltedHere && (await isStopped(pool, projector.name))) {
          await sleep(RESUME_POLL_MS);
          continue;
        }
        haltedHere = false;
        running = await open();
      } catch (error) {
        options.onError?.(error); // e.g. the database is away: try again shortly
        await sleep(500);
      }
    }
  };

  const supervising = supervise(await open());
  return {
    async stop() {
      stopped = true;
      endRun?.();
      wakeUp?.();
      await supervising;
      await current?.stop();
    },
  };
}

/** Runs a projector until it has seen every committed event; used by rebuilds and tests. */
export async function catchUp(pool: Pool, store: EventStore, projector: Projector, batchSize = 500): Promise<number> {
  let position = await readCheckpoint(pool, projector.name);
  let applied = 0;
  for (;;) {
    const events = await store.readAll({ after: position, limit: batchSize });
    const last = events[events.length - 1];
    if (!last) return applied;
    await applyBatch(pool, projector, events, { from: position });
    applied += events.length;
    position = last.position;
  }
}

/**
 * Empties a projector's tables and checkpoint, then replays the whole log into them. An event it
 * cannot apply fails the rebuild with its error; a rebuild that gets through ends any stop.
 */
export async function rebuild(pool: Pool, store: EventStore, projector: Projector): Promise<number> {
  await withTransaction(pool, async (client) => {
    for (const table of projector.tables) await client.query(`TRUNCATE ${table}`);
    await client.query('DELETE FROM projection_checkpoints WHERE name = $1', [projector.name]);
  });
  const applied = await catchUp(pool, store, projector);
  await clearStop(pool, projector.name);
  return applied;
}
