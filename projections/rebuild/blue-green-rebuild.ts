// A rebuild of every projector while the site keeps serving (issue 31 item 2; docs/architecture.md
// "Blue/green projection rebuilds"): one read of the log feeds all projectors at once, in large
// batches through their applyBatch paths, into fresh tables in a schema of the rebuild's own
// (shadow-schema.ts); the API reads the old tables and the live projection processes keep
// applying new events to them meanwhile. Once the rebuild has caught up, the secondary indexes
// are built, it catches up again, and the switch (switch-over.ts) swaps the tables in one
// transaction. Interrupted (the signal, an error, a crash) before that commit, the live tables
// are untouched; the shadow schema is dropped now, or by the next run after a crash.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Pool } from 'pg';
import type { GlobalPosition, StoredEvent } from '../../infra/eventstore/port.js';
import { START } from '../../infra/eventstore/port.js';
import { applyBatches } from '../apply-batches.js';
import type { Projector } from '../projector.js';
import { ProgressMeter, type Progress } from './progress-meter.js';
import { claimRebuild, endRebuild, recordProgress, releaseRebuild, type RebuildPhase } from './rebuild-runs.js';
import { buildLateIndexes, createShadowSchema, dropSchema, leftoverSchemas, retiredSchemaOf, shadowSchemaOf } from './shadow-schema.js';
import { readLog } from './read-log.js';
import { switchOver } from './switch-over.js';

export interface RebuildOptions {
  databaseUrl: string;
  /** The application's pool (public schema). */
  pool: Pool;
  projectors: readonly Projector[];
  /** Events per read and per transaction of the bulk load. */
  batchSize?: number;
  /** Keep the replaced tables (schema rebuild_<id>_old) instead of dropping them; the next run drops them. */
  keepOld?: boolean;
  /** Aborted: the run stops after the batch in flight and cleans up; the live tables stay. */
  signal?: AbortSignal;
  progressEveryMs?: number;
  onProgress?: (progress: Progress, phase: RebuildPhase) => void;
  /** Tests: called once the rebuild has caught up, before the indexes and the switch. */
  beforeSwitch?: () => Promise<void>;
  log?: (line: string) => void;
}

export interface RebuildResult {
  id: string;
  /** Events every projector was rebuilt from. */
  events: number;
  position: GlobalPosition;
  ms: number;
}

export class RebuildInterruptedError extends Error {
  constructor() {
    super('projections rebuild interrupted; the live read models are as they were');
  }
}

export async function rebuildProjections(options: RebuildOptions): Promise<RebuildResult> {
  const { pool, projectors } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const batchSize = options.batchSize ?? 5_000;
  const tables = [...new Set(projectors.flatMap((p) => p.tables))];
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const started = Date.now();

  // The one-rebuild lock, held on this connection until the end (a crash lets it go).
  const lockClient = await pool.connect();
  try {
    await claimRebuild(lockClient, id);
  } catch (error) {
    lockClient.release();
    throw error;
  }
  let shadowPool: pg.Pool | undefined;
  let switched = false;
  try {
    for (const schema of await leftoverSchemas(pool)) {
      await dropSchema(pool, schema);
      log(`[rebuild] removed ${schema}, left by an earlier run`);
    }
    const late = await createShadowSchema(pool, id, tables);
    shadowPool = new pg.Pool({ ...pool.options, max: 2, options: `-c search_path=${shadowSchemaOf(id)},public` });
    shadowPool.on('error', () => {}); // an idle client lost: the next checkout opens another

    const head = await headOf(pool);
    const meter = new ProgressMeter();
    let applied = 0;
    let phase: RebuildPhase = 'replaying';
    let lastReport = 0;
    const report = async (force = false) => {
      const now = Date.now();
      if (!force && now - lastReport < (options.progressEveryMs ?? 2_000)) return;
      lastReport = now;
      const target = head.count + (await countAfter(pool, head.position));
      const progress = meter.sample(now, applied, target);
      await recordProgress(lockClient, id, phase, progress);
      options.onProgress?.(progress, phase);
    };
    await report(true);

    // Bulk load: the next read goes while the current batch is applied.
    let position: GlobalPosition = START;
    const read = (after: GlobalPosition) => readLog(pool, after, batchSize);
    const load = async () => {
      let next = read(position);
      for (;;) {
        const events: StoredEvent[] = await next;
        if (options.signal?.aborted) throw new RebuildInterruptedError();
        if (events.length === 0) return;
        const from = position;
        position = events.at(-1)!.position;
        next = read(position);
        next.catch(() => {}); // awaited next turn; an abort must not leave it unhandled
        await applyBatches(
          shadowPool!,
          projectors.map((projector) => ({ projector, events, fence: { from } })),
        );
        applied += events.length;
        await report();
        if (events.length < batchSize) {
          await next.catch(() => []); // the head: what came meanwhile is caught up next time
          return;
        }
      }
    };
    await load();
    await options.beforeSwitch?.();
    phase = 'indexing';
    await report(true);
    await buildLateIndexes(shadowPool, id, late, tables);
    if (options.signal?.aborted) throw new RebuildInterruptedError();
    phase = 'replaying';
    await load(); // what the site appended while the indexes were built
    if (options.signal?.aborted) throw new RebuildInterruptedError();
    phase = 'switching';
    await report(true);
    const done = await switchOver({ shadowPool, id, projectors, tables, from: position, batchSize, log });
    switched = true; // the run's row says so already (switch-over.ts)
    applied += done.caughtUp;
    options.onProgress?.(meter.sample(Date.now(), applied, applied), 'done');
    await shadowPool.end();
    shadowPool = undefined;
    await dropSchema(pool, shadowSchemaOf(id));
    if (options.keepOld) log(`[rebuild] the replaced tables are kept in schema ${retiredSchemaOf(id)} (the next rebuild drops them)`);
    else await dropSchema(pool, retiredSchemaOf(id));
    return { id, events: applied, position: done.position, ms: Date.now() - started };
  } catch (error) {
    const interrupted = error instanceof RebuildInterruptedError;
    await shadowPool?.end().catch(() => {});
    // After the switch only the clean-up can fail: the next run drops what is left.
    if (!switched) {
      await endRebuild(lockClient, id, interrupted ? 'interrupted' : 'failed', interrupted ? undefined : String((error as Error).message ?? error)).catch(
        () => {},
      );
      await dropSchema(pool, shadowSchemaOf(id)).catch(() => {});
    }
    throw error;
  } finally {
    await releaseRebuild(lockClient).catch(() => {});
    lockClient.release();
  }
}

/** The last event and how many there are, at the start: the first target of the progress. */
async function headOf(pool: Pool): Promise<{ position: GlobalPosition; count: number }> {
  const { rows } = await pool.query<{ tx: string | null; seq: string | null; n: string }>(
    `SELECT (SELECT tx_id::text FROM events ORDER BY tx_id DESC, seq DESC LIMIT 1) AS tx,
            (SELECT seq FROM events ORDER BY tx_id DESC, seq DESC LIMIT 1) AS seq,
            (SELECT count(*) FROM events) AS n`,
  );
  const row = rows[0]!;
  return { position: row.tx === null ? START : { tx: BigInt(row.tx), seq: BigInt(row.seq!) }, count: Number(row.n) };
}

/** Events appended after the head counted at the start (the moving head). */
async function countAfter(pool: Pool, position: GlobalPosition): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM events WHERE (tx_id, seq) > ($1::text::xid8, $2::bigint)', [
    position.tx.toString(),
    position.seq.toString(),
  ]);
  return Number(rows[0]!.n);
}
