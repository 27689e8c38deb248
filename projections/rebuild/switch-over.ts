// The switch from the live (blue) read models to the rebuilt (green) ones, in one transaction on a
// connection whose search_path starts with the rebuild's schema:
// 1. fence the live projectors: their checkpoint rows are locked (FOR UPDATE). A live batch opens
//    with the fenced move of its checkpoint (apply-batches.ts), so one in flight is waited for,
//    and the next waits here, then finds its checkpoint moved (HA010) and re-reads from the new
//    one: nothing is applied twice, whichever process leads it (leadership.ts);
// 2. apply the events the rebuild has not seen yet (up to the head below the horizon);
// 3. swap the tables (shadow-schema.ts) and set every checkpoint to the rebuild's position, end
//    any recorded stop (the rebuilt projector got past it), mark the run switched, and notify the
//    API processes, which reload what they cache from the read models (api/read-models-switched.ts).
// A reader or a live batch holding a table past lock_timeout (or a deadlock) rolls it all back:
// the live tables stay as they were and the switch is tried again.
import type { Pool, PoolClient } from 'pg';
import type { GlobalPosition, StoredEvent } from '../../infra/eventstore/port.js';
import { comparePositions } from '../../infra/eventstore/port.js';
import { readLog } from './read-log.js';
import { applyEvents } from '../apply-batches.js';
import { BatchStatements } from '../batch-statements.js';
import type { Projector } from '../projector.js';
import { swapTables } from './shadow-schema.js';

/** The channel the API processes listen on to drop what they cache (pg-wakeups.ts). */
export const READ_MODELS_SWITCHED = 'hub_read_models';

/** How long the switch waits for a table's readers or a checkpoint's batch before trying again. */
const LOCK_TIMEOUT_MS = 3_000;
const ATTEMPTS = 10;
/** SQLSTATEs of a switch that lost a lock race: lock_not_available, deadlock_detected. */
const RETRIED = new Set(['55P03', '40P01']);

export interface SwitchInput {
  /** Connections with the rebuild's schema first in their search_path. */
  shadowPool: Pool;
  id: string;
  projectors: readonly Projector[];
  tables: readonly string[];
  /** Where the rebuilt tables are. */
  from: GlobalPosition;
  batchSize: number;
  log: (line: string) => void;
}

export interface Switched {
  position: GlobalPosition;
  /** Events applied inside the switch. */
  caughtUp: number;
}

export async function switchOver(input: SwitchInput): Promise<Switched> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await switchOnce(input);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !RETRIED.has(code) || attempt >= ATTEMPTS) throw error;
      input.log(`[rebuild] switch attempt ${attempt} gave way (${code}: ${(error as Error).message}); trying again`);
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

async function switchOnce(input: SwitchInput): Promise<Switched> {
  const names = input.projectors.map((p) => p.name);
  const client = await input.shadowPool.connect();
  let broken: unknown;
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}`);
    // 1. The fence. A projector that never ran gets its row, so it is fenced the same way.
    await client.query(
      `INSERT INTO public.projection_checkpoints (name, tx, seq, updated_at) SELECT unnest($1::text[]), 0, 0, now() ON CONFLICT (name) DO NOTHING`,
      [names],
    );
    const live = await client.query<{ name: string; tx: string; seq: string }>(
      `SELECT name, tx, seq FROM public.projection_checkpoints WHERE name = ANY($1) ORDER BY name FOR UPDATE`,
      [names],
    );
    // 2. The last events, into the shadow tables (the search_path), on this transaction.
    let position = input.from;
    let caughtUp = 0;
    for (;;) {
      const events = await readLog(client, position, input.batchSize);
      if (events.length === 0) break;
      await applyAll(client, input.projectors, events);
      position = events.at(-1)!.position;
      caughtUp += events.length;
    }
    // The live projectors can never be past the head; if one were, the rebuilt tables would lag it.
    for (const row of live.rows) {
      const at = { tx: BigInt(row.tx), seq: BigInt(row.seq) };
      if (comparePositions(at, position) > 0) throw new Error(`projection ${row.name} is past the rebuild's position; nothing switched`);
    }
    // 3. The swap, the checkpoints, the stops, the notice.
    await swapTables(client, input.id, input.tables);
    await client.query(`UPDATE public.projection_checkpoints SET tx = $2, seq = $3, updated_at = now() WHERE name = ANY($1)`, [
      names,
      position.tx.toString(),
      position.seq.toString(),
    ]);
    await client.query('DELETE FROM public.projection_stops WHERE name = ANY($1)', [names]);
    // The run's row says switched with the tables: an API process told of the switch reads it.
    await client.query(
      `UPDATE public.projection_rebuilds SET status = 'switched', phase = 'done', applied = applied + $2, target = GREATEST(target, applied + $2),
              eta_seconds = 0, finished_at = now(), updated_at = now() WHERE id = $1`,
      [input.id, caughtUp],
    );
    await client.query('SELECT pg_notify($1, $2)', [READ_MODELS_SWITCHED, input.id]);
    await client.query('COMMIT');
    return { position, caughtUp };
  } catch (error) {
    await client.query('ROLLBACK').catch((e: unknown) => (broken = e));
    // Statements prepared by the projectors inside the failed transaction: the connection goes.
    broken ??= error;
    throw error;
  } finally {
    client.release(broken instanceof Error ? broken : undefined);
  }
}

async function applyAll(client: PoolClient, projectors: readonly Projector[], events: StoredEvent[]): Promise<void> {
  for (const projector of projectors) {
    const { accepts } = projector;
    if (accepts && !events.some((event) => accepts(event))) continue;
    const batch = new BatchStatements(client);
    await applyEvents(batch, projector, events);
    await batch.send();
  }
}
