import type { Pool } from 'pg';
import { withTransaction } from '../infra/db/pool.js';
import type { EventStore, GlobalPosition, StoredEvent, Subscription } from '../infra/eventstore/port.js';
import { START } from '../infra/eventstore/port.js';
import type { Projector } from './projector.js';
import { checkpointsMoved, waitForCheckpoints } from './checkpoint-wait.js';

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

/** Applies a batch and moves the checkpoint in one transaction: each event lands exactly once. */
export async function applyBatch(pool: Pool, projector: Projector, events: StoredEvent[]): Promise<void> {
  const last = events[events.length - 1];
  if (!last) return;
  if (projector.accepts && !events.some((event) => projector.accepts!(event))) {
    await moveCheckpoint(pool, projector.name, last.position);
    checkpointsMoved(pool);
    return;
  }
  await withTransaction(pool, async (client) => {
    // The read model and its checkpoint commit together: a batch lost in a crash before its
    // commit reached the disk is lost whole and applied again, so the flush need not be waited for.
    await client.query('SET LOCAL synchronous_commit = off');
    for (const event of events) await projector.apply(client, event);
    await client.query(
      `INSERT INTO projection_checkpoints (name, tx, seq, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (name) DO UPDATE SET tx = EXCLUDED.tx, seq = EXCLUDED.seq, updated_at = now()`,
      [projector.name, last.position.tx.toString(), last.position.seq.toString()],
    );
  });
  checkpointsMoved(pool);
}

/**
 * The checkpoint alone, without waiting for the WAL flush (as a batch does), in one round trip:
 * a simple-protocol string of statements, so its values are written in; both are bigints.
 */
async function moveCheckpoint(pool: Pool, name: string, position: GlobalPosition): Promise<void> {
  const tx = BigInt(position.tx).toString();
  const seq = BigInt(position.seq).toString();
  const quotedName = `'${name.replaceAll("'", "''")}'`;
  await pool.query(
    `BEGIN; SET LOCAL synchronous_commit = off;
     INSERT INTO projection_checkpoints (name, tx, seq, updated_at) VALUES (${quotedName}, ${tx}, ${seq}, now())
     ON CONFLICT (name) DO UPDATE SET tx = EXCLUDED.tx, seq = EXCLUDED.seq, updated_at = now();
     COMMIT;`,
  );
}

/** Follows the global order from the stored checkpoint until stopped. */
export async function startProjector(options: RunnerOptions): Promise<Subscription> {
  const { pool, store, projector } = options;
  const from = await readCheckpoint(pool, projector.name);
  return store.subscribe({
    from,
    batchSize: options.batchSize ?? 200,
    // While the store's LISTEN connection is up it wakes the projector on every append and this
    // becomes a slower safety poll (PostgresEventStoreOptions.listeningPollIntervalMs).
    pollIntervalMs: options.pollIntervalMs ?? 50,
    onError: options.onError,
    handle: async (events) => {
      await applyBatch(pool, projector, events);
      options.onCommitted?.(events);
    },
  });
}

/** Runs a projector until it has seen every committed event; used by rebuilds and tests. */
export async function catchUp(pool: Pool, store: EventStore, projector: Projector, batchSize = 500): Promise<number> {
  let position = await readCheckpoint(pool, projector.name);
  let applied = 0;
  for (;;) {
    const events = await store.readAll({ after: position, limit: batchSize });
    const last = events[events.length - 1];
    if (!last) return applied;
    await applyBatch(pool, projector, events);
    applied += events.length;
    position = last.position;
  }
}

/** Empties a projector's tables and checkpoint, then replays the whole log into them. */
export async function rebuild(pool: Pool, store: EventStore, projector: Projector): Promise<number> {
  await withTransaction(pool, async (client) => {
    for (const table of projector.tables) await client.query(`TRUNCATE ${table}`);
    await client.query('DELETE FROM projection_checkpoints WHERE name = $1', [projector.name]);
  });
  return catchUp(pool, store, projector);
}

/**
 * Bounded wait until every named projector has passed a position, so the page that reloads
 * after a command sees it. Reads the checkpoint table (which works across processes) whenever a
 * projector commits, here or in another process (projections/checkpoint-wait.ts).
 */
export function waitForProjections(pool: Pool, names: string[], position: GlobalPosition, timeoutMs = 3000): Promise<boolean> {
  return waitForCheckpoints(pool, names, position, timeoutMs);
}
