// Applying a batch: the read models' writes and the fenced checkpoint move in one transaction.
// Kept apart from the runner, which follows the log, so that batch-group.ts (which the runner
// uses) can apply batches without importing the runner back.
import type { Pool } from 'pg';
import { withClient } from '../infra/db/pool.js';
import type { GlobalPosition, StoredEvent } from '../infra/eventstore/port.js';
import { START } from '../infra/eventstore/port.js';
import { BatchStatements, deferringClient, type Statement } from './batch-statements.js';
import { checkpointsMoved } from './checkpoint-wait.js';
import type { Projector } from './projector.js';
import { startProjectionSpans } from './projection-spans.js';

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
  const spans = startProjectionSpans(opened);
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
      spans.end();
    } catch (error) {
      spans.end(error);
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

/** The projector's writes for a batch: its batch path, its held statements (writeOnly), or one event at a time. */
export async function applyEvents(batch: BatchStatements, projector: Projector, events: StoredEvent[]): Promise<void> {
  if (projector.applyBatch) return projector.applyBatch(batch, events);
  if (projector.writeOnly) {
    const held = deferringClient(batch);
    for (const event of events) await projector.apply(held, event);
    return;
  }
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
