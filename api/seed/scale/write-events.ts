import type { ClientBase } from 'pg';
import type { Batcher } from './batcher.js';
import { createBatcher } from './batcher.js';
import { copyFrom, copyValue } from './copy-from.js';
import { deferIndexes } from './defer-indexes.js';
import type { LogEvent } from './event-log.js';

// The only module of the bulk path that writes event store tables. It asks the database which
// columns `events` has and whether a `streams` table exists, so it follows the schema (infra/db/
// migrations) rather than assuming one: store-generated columns (tx_id, seq, …) keep their
// defaults, recorded_at is filled when present, and a new required column stops the seed with a
// message naming this file. Rows go in as COPY batches (copy-from.ts), one transaction each, in
// the order given: that order is the global order, (tx_id, seq); each batch holds the event
// writer lock when the schema has one, as appends do. Indexes
// and unique constraints are dropped for the load and built again at the end (deferIndexes).

export interface LastPosition {
  tx: string;
  seq: string;
}

/** Where a committed batch of events landed: events first … first + count − 1 (counted from 0 in the order given) at (tx, firstSeq + i). */
export interface WrittenRange {
  first: number;
  count: number;
  tx: string;
  firstSeq: bigint;
}

export interface StoreWriter extends Pick<Batcher<LogEvent>, 'add' | 'buffered' | 'written' | 'flush' | 'drain'> {
  /** Commits the rest, rebuilds the indexes, brings `streams` (when the schema has it) up to date, and returns the last position. */
  finish(): Promise<LastPosition | null>;
  /** After a failure: puts the indexes back on what was written (best effort). */
  abort(): Promise<void>;
}

interface Column {
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: string;
}

/** Columns this writer fills, from a generated event. */
const FILLS: Record<string, (e: LogEvent) => string | number> = {
  stream_id: (e) => e.streamId,
  stream_version: (e) => e.streamVersion,
  event_id: (e) => e.eventId,
  type: (e) => e.type,
  data: (e) => e.data,
  metadata: (e) => e.metadata,
  recorded_at: (e) => e.at,
};
const REQUIRED = ['stream_id', 'stream_version', 'event_id', 'type', 'data', 'metadata'];

async function columnsOf(client: ClientBase, table: string): Promise<Column[]> {
  const { rows } = await client.query<Column>(
    `SELECT column_name, udt_name, is_nullable, column_default, is_identity, is_generated
       FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows;
}

/** Columns the store fills itself: defaults, identities, generated or nullable ones. */
const selfFilled = (c: Column) => c.column_default !== null || c.is_identity === 'YES' || c.is_generated === 'ALWAYS' || c.is_nullable === 'YES';

function planColumns(columns: Column[]): Column[] {
  if (columns.length === 0) throw new Error('write-events: no events table (run the migrations first)');
  const names = new Set(columns.map((c) => c.column_name));
  const missing = REQUIRED.filter((name) => !names.has(name));
  const unknown = columns.filter((c) => !(c.column_name in FILLS) && !selfFilled(c)).map((c) => c.column_name);
  if (missing.length || unknown.length) {
    throw new Error(
      `write-events: the events table changed (missing ${missing.join(', ') || 'nothing'}; required and unknown: ${unknown.join(', ') || 'nothing'}). ` +
        'Teach api/seed/scale/write-events.ts the new schema.',
    );
  }
  return columns.filter((c) => c.column_name in FILLS);
}

/** Version bookkeeping for a `streams` table, when the schema still has one. */
async function streamsPlan(client: ClientBase): Promise<string | null> {
  const columns = await columnsOf(client, 'streams');
  if (columns.length === 0) return null;
  const names = columns.map((c) => c.column_name);
  const unknown = columns.filter((c) => !['stream_id', 'version'].includes(c.column_name) && !selfFilled(c));
  if (!names.includes('stream_id') || !names.includes('version') || unknown.length) {
    throw new Error('write-events: the streams table changed; teach api/seed/scale/write-events.ts the new schema.');
  }
  return 'INSERT INTO streams (stream_id, version) SELECT stream_id, max(stream_version) FROM events GROUP BY stream_id';
}

/** Whether appends take the event writer lock (migration 0008's hub_begin_event_write). */
async function hasWriterLock(client: ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>("SELECT to_regprocedure('hub_begin_event_write()') IS NOT NULL AS found");
  return rows[0]?.found === true;
}

/** The sequence behind events.seq: a batch's seq values are read from it (one COPY takes consecutive values). */
async function seqSequence(client: ClientBase): Promise<string> {
  const { rows } = await client.query<{ name: string | null }>("SELECT pg_get_serial_sequence('events', 'seq') AS name");
  const name = rows[0]?.name;
  if (!name) throw new Error('write-events: events.seq has no sequence; teach api/seed/scale/write-events.ts how the store numbers events.');
  return name;
}

/**
 * `onCommitted` receives each batch's position once it is committed (the history rows of the
 * locker history projector keep every event's (tx, seq)).
 */
export async function openStoreWriter(client: ClientBase, onCommitted: (range: WrittenRange) => void = () => {}): Promise<StoreWriter> {
  const columns = planColumns(await columnsOf(client, 'events'));
  const sequence = await seqSequence(client);
  const streamsSql = await streamsPlan(client);
  const { rows: existing } = await client.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM events) AS any');
  if (existing[0]?.any) throw new Error('write-events: the events table is not empty; the bulk path only fills a new store');

  const copySql = `COPY events (${columns.map((c) => c.column_name).join(', ')}) FROM STDIN`;
  const fills = columns.map((c) => FILLS[c.column_name]!);
  const line = (event: LogEvent) => fills.map((fill) => copyValue(fill(event))).join('\t');
  const restoreIndexes = await deferIndexes(client, 'events');

  const writerLock = await hasWriterLock(client);
  let sent = 0;
  const batches = createBatcher<LogEvent>(async (batch) => {
    const rows = `${batch.map(line).join('\n')}\n`;
    const first = sent;
    sent += batch.length;
    // Like every append (migration 0008): the writer lock before the transaction has an id, so a
    // follower reading meanwhile waits for this batch instead of reading past it.
    await client.query('BEGIN');
    try {
      if (writerLock) await client.query('SELECT hub_begin_event_write()');
      const { rows: before } = await client.query<{ tx: string; last: string; called: boolean }>(
        `SELECT pg_current_xact_id()::text AS tx, last_value::text AS last, is_called AS called FROM ${sequence}`,
      );
      await copyFrom(client, copySql, rows);
      const { rows: after } = await client.query<{ last: string }>(`SELECT currval('${sequence}')::text AS last`);
      await client.query('COMMIT');
      const firstSeq = BigInt(before[0]!.last) + (before[0]!.called ? 1n : 0n);
      if (BigInt(after[0]!.last) - firstSeq + 1n !== BigInt(batch.length)) {
        throw new Error(`write-events: a batch of ${batch.length} events took seq ${firstSeq}…${after[0]!.last}; another writer took values meanwhile`);
      }
      onCommitted({ first, count: batch.length, tx: before[0]!.tx, firstSeq });
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
  return {
    add: batches.add,
    buffered: batches.buffered,
    written: batches.written,
    flush: batches.flush,
    drain: batches.drain,
    async finish() {
      await batches.drain();
      await restoreIndexes();
      if (streamsSql) {
        // One aggregate over the whole log beats tracking millions of streams in memory.
        await client.query('BEGIN');
        await client.query("SET LOCAL work_mem = '256MB'");
        await client.query(streamsSql);
        await client.query('COMMIT');
      }
      const { rows } = await client.query<LastPosition>('SELECT tx_id::text AS tx, seq::text AS seq FROM events ORDER BY tx_id DESC, seq DESC LIMIT 1');
      return rows[0] ?? null;
    },
    abort: restoreIndexes,
  };
}
