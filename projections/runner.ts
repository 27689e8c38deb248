import type { Pool } from 'pg';
import { withClient, withTransaction } from '../infra/db/pool.js';
import type { EventStore, GlobalPosition, StoredEvent, Subscription } from '../infra/eventstore/port.js';
import { comparePositions, START } from '../infra/eventstore/port.js';
import type { Projector } from './projector.js';
import { BatchStatements, type Statement } from './batch-statements.js';
import { checkpointsMoved } from './checkpoint-wait.js';
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

export async function readCheckpoint(pool: Pool, name: string): Promise<GlobalPosition> {
  const { rows } = await pool.query<{ tx: string; seq: string }>('SELECT tx, seq FROM projection_checkpoints WHERE name = $1', [name]);
  const row = rows[0];
  return row ? { tx: BigInt(row.tx), seq: BigInt(row.seq) } : START;
}

/** The stored checkpoint was not where this batch started: another process moved it. */
export class CheckpointMovedError extends Error {
  constructor(readonly projector: string) {
    super(`projection ${projector}: the checkpoint moved under this batch (another process applied it)`);
  }
}

/** Leadership was lost while a batch was open: it is rolled back, never committed. */
export class LeadershipLostError extends Error {
  constructor(readonly projector: string) {
    super(`projection ${projector}: leadership lost, batch rolled back`);
  }
}

export interface BatchFence {
  /** Where this batch starts: the stored checkpoint must still be exactly here. */
  from: GlobalPosition;
  /** Asked just before COMMIT; false rolls the batch back (ProjectorLeadership). */
  stillLeading?: () => boolean;
}

/** One projector's batch: its events and the fence it is applied under. */
export interface BatchJob {
  projector: Projector;
  events: StoredEvent[];
  fence?: BatchFence;
}

/**
 * Applies a batch and moves the checkpoint in one transaction: each event lands exactly once.
 * Fenced: the checkpoint moves from `from` to the batch's last position only if it is still at
 * `from` (and always forward), and that update comes first, so it row-locks the checkpoint
 * before any read-model row: a second process applying the same batch waits there, then finds
 * the checkpoint moved and rolls back without having touched a read model (no deadlocks).
 */
export function applyBatch(pool: Pool, projector: Projector, events: StoredEvent[], fence?: BatchFence): Promise<void> {
  return applyBatches(pool, [{ projector, events, fence }]);
}

/**
 * Several projectors' batches in one transaction, each opened by its own fenced move: all commit
 * or none (batch-group.ts falls back to one transaction each when the shared one fails).
 */
export async function applyBatches(pool: Pool, jobs: BatchJob[]): Promise<void> {
  const opened: (BatchJob & { from: GlobalPosition; to: GlobalPosition })[] = [];
  for (const job of jobs) {
    const last = job.events.at(-1);
    if (!last) continue;
    const from = job.fence?.from ?? (await readCheckpoint(pool, job.projector.name));
    await ensureCheckpointRow(pool, job.projector.name, from);
    opened.push({ ...job, from, to: last.position });
  }
  const [first] = opened;
  if (!first) return;
  await withClient(pool, async (client, broke) => {
    try {
      // BEGIN, the flush setting, the fenced moves, the projectors' held writes and COMMIT go as
      // one string of statements: a wake of the projections is one round trip (the fixed
      // statements were most of a projection's cost). The read models and their checkpoints
      // commit together: a batch lost in a crash before its commit reached the disk is lost whole
      // and applied again, so the flush need not be waited for.
      const batch = new BatchStatements(client);
      batch.hold('BEGIN; SET LOCAL synchronous_commit = off');
      for (const job of opened) {
        batch.defer(fencedOpening(job.projector.name, job.from, job.to));
        // A batch with no event the projector accepts only moves its checkpoint, the same way.
        const { accepts } = job.projector;
        if (!accepts || job.events.some((event) => accepts(event))) await applyEvents(batch, job.projector, job.events);
      }
      const lost = opened.find((job) => job.fence?.stillLeading && !job.fence.stillLeading());
      if (lost) throw new LeadershipLostError(lost.projector.name);
      await batch.send('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(broke);
      // The failed string may have prepared some of its statements (BatchStatements): which ones
      // is not known, so the connection goes instead of coming back to the pool.
      broke(error);
      if ((error as { code?: string }).code === 'HA010') throw new CheckpointMovedError(first.projector.name);
      throw error;
    }
  });
  checkpointsMoved(pool);
}

/** The projector's writes for a batch: held with the batch, or one event at a time. */
async function applyEvents(batch: BatchStatements, projector: Projector, events: StoredEvent[]): Promise<void> {
  if (projector.applyBatch) return projector.applyBatch(batch, events);
  const opened = await batch.now();
  for (const event of events) await projector.apply(opened, event);
}

/**
 * The statement that opens a batch: the checkpoint of `name` moves from exactly `from` to `to`
 * (> from), or, when it was not at `from`, hub_checkpoint_moved raises HA010 (migration 0020),
 * which stops the rest of the string before any write. A missing row counts as START
 * (ensureCheckpointRow), so this is the one place a checkpoint moves.
 */
function fencedOpening(name: string, from: GlobalPosition, to: GlobalPosition): Statement {
  return {
    text: `WITH moved AS (
      UPDATE projection_checkpoints SET tx = $4::bigint, seq = $5::bigint, updated_at = now()
       WHERE name = $1::text AND tx = $2::bigint AND seq = $3::bigint AND (tx, seq) < ($4::bigint, $5::bigint)
      RETURNING 1)
    SELECT hub_checkpoint_moved($1::text) WHERE NOT EXISTS (SELECT 1 FROM moved)`,
    values: [name, from.tx.toString(), from.seq.toString(), to.tx.toString(), to.seq.toString()],
  };
}

/** The first move of a projector has no row to update yet: make it at START. */
async function ensureCheckpointRow(pool: Pool, name: string, from: GlobalPosition): Promise<void> {
  if (from.tx !== START.tx || from.seq !== START.seq) return;
  await pool.query('INSERT INTO projection_checkpoints (name, tx, seq, updated_at) VALUES ($1, 0, 0, now()) ON CONFLICT (name) DO NOTHING', [name]);
}

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
