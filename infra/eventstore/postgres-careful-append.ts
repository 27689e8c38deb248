// The careful append, for what the one-statement path cannot decide alone: event ids already
// stored (a retry of a committed append succeeds without writing; an id of another stream is
// refused), empty batches, and appends that raced another for the same version. One transaction
// that takes the writer lock first, then a lock per stream (careful appends to a stream take
// turns, so racing 'any' appends do not starve each other), looks, checks, and inserts with the
// same statement as the fast path; if a fast-path append gets in between (unique violation, or
// the gate refuses), it starts over with what is stored then.
import type pg from 'pg';
import { withTransaction } from '../db/pool.js';
import { EventIdConflictError, checkExpectedVersion, classifyAppend } from './append-rules.js';
import type { ExistingEvent } from './append-rules.js';
import type { AppendResult, GlobalPosition, StreamAppend } from './port.js';
import { START } from './port.js';
import type { InsertedRow } from './postgres-append-sql.js';
import { APPEND_TO_STREAMS, appendToStreamsValues } from './postgres-append-sql.js';
import { encodeExpected } from './postgres-fast-append.js';
import { resultsOf } from './postgres-fast-append.js';

const MAX_ATTEMPTS = 10;

class Raced extends Error {}

export async function carefulAppend(pool: pg.Pool, appends: StreamAppend[]): Promise<AppendResult[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withTransaction(pool, (client) => appendInTransaction(client, appends));
    } catch (error) {
      const raced = error instanceof Raced || (error as { code?: string }).code === '23505';
      if (!raced) throw error;
      if (attempt >= MAX_ATTEMPTS) throw asEventIdConflict(error, appends) ?? error;
    }
  }
}

async function appendInTransaction(client: pg.PoolClient, appends: StreamAppend[]): Promise<AppendResult[]> {
  // First, before this transaction has an id: followers may wait for it from now on.
  await client.query('SELECT hub_begin_event_write()');
  // In one order (by key) so two careful appends cannot deadlock; a hash collision only makes
  // two streams take turns.
  await client.query(`SELECT pg_advisory_xact_lock(k) FROM (SELECT DISTINCT hashtextextended(s, 0) AS k FROM unnest($1::text[]) AS s) AS keys ORDER BY k`, [
    appends.map((append) => append.streamId),
  ]);
  const existing = await findExisting(
    client,
    appends.flatMap((append) => append.events.map((event) => event.id)),
  );
  const versions = await currentVersions(
    client,
    appends.map((append) => append.streamId),
  );
  const plans = appends.map((append) => {
    const ids = append.events.map((event) => event.id);
    const plan = classifyAppend(
      append.streamId,
      ids,
      ids.map((id) => existing.get(id.toLowerCase())),
    );
    if (plan.kind === 'new') checkExpectedVersion(append.streamId, append.expectedVersion, versions.get(append.streamId) ?? 0);
    return plan;
  });

  const toWrite = appends.filter((append, i) => plans[i]?.kind === 'new' && append.events.length > 0);
  const written = new Map<string, AppendResult>();
  if (toWrite.length > 0) {
    // Expect exactly the versions just read: if another append got in since, the gate refuses.
    const exact = toWrite.map((append) => ({ ...append, expectedVersion: versions.get(append.streamId) ?? 0 }));
    const rows = await insert(client, exact);
    if (rows.length === 0) throw new Raced('a stream moved while the append was being checked');
    resultsOf(exact, rows).forEach((result) => written.set(result.streamId, result));
  }
  const empty = appends.filter((append, i) => plans[i]?.kind === 'new' && append.events.length === 0).map((a) => a.streamId);
  const lastOfEmpty = await lastPositions(client, empty);

  return appends.map((append, i): AppendResult => {
    const plan = plans[i];
    if (plan?.kind === 'retry') return plan.result;
    const result = written.get(append.streamId);
    if (result) return result;
    return { streamId: append.streamId, nextVersion: versions.get(append.streamId) ?? 0, position: lastOfEmpty.get(append.streamId) ?? START };
  });
}

async function insert(client: pg.PoolClient, appends: StreamAppend[]): Promise<InsertedRow[]> {
  const { rows } = await client.query<InsertedRow>(
    APPEND_TO_STREAMS.text,
    appendToStreamsValues(appends, (append) => encodeExpected(append.expectedVersion)),
  );
  return rows;
}

async function findExisting(client: pg.PoolClient, ids: string[]): Promise<Map<string, ExistingEvent>> {
  if (ids.length === 0) return new Map();
  const { rows } = await client.query<{ event_id: string; stream_id: string; stream_version: number; tx_id: string; seq: string }>(
    `SELECT event_id::text AS event_id, stream_id, stream_version, tx_id, seq FROM events WHERE event_id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.event_id, { streamId: row.stream_id, streamVersion: row.stream_version, position: toPosition(row) }]));
}

async function currentVersions(client: pg.PoolClient, streamIds: string[]): Promise<Map<string, number>> {
  const { rows } = await client.query<{ stream_id: string; version: number }>(
    `SELECT s AS stream_id, (SELECT coalesce(max(stream_version), 0) FROM events WHERE stream_id = s) AS version
       FROM unnest($1::text[]) AS s`,
    [streamIds],
  );
  return new Map(rows.map((row) => [row.stream_id, row.version]));
}

/** Position of each stream's last event, for appends of zero events. */
async function lastPositions(client: pg.PoolClient, streamIds: string[]): Promise<Map<string, GlobalPosition>> {
  if (streamIds.length === 0) return new Map();
  const { rows } = await client.query<{ stream_id: string; tx_id: string; seq: string }>(
    `SELECT DISTINCT ON (stream_id) stream_id, tx_id, seq
       FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version DESC`,
    [streamIds],
  );
  return new Map(rows.map((row) => [row.stream_id, toPosition(row)]));
}

const toPosition = (row: { tx_id: string; seq: string }): GlobalPosition => ({ tx: BigInt(row.tx_id), seq: BigInt(row.seq) });

// Still racing for an id after every attempt: another stream took it.
function asEventIdConflict(error: unknown, appends: StreamAppend[]): EventIdConflictError | undefined {
  const pgError = error as { code?: string; constraint?: string; detail?: string };
  if (pgError.code !== '23505' || pgError.constraint !== 'events_event_id_key') return undefined;
  const id = /\(event_id\)=\(([^)]+)\)/.exec(pgError.detail ?? '')?.[1] ?? 'unknown';
  const owner = appends.find((append) => append.events.some((event) => event.id.toLowerCase() === id));
  return new EventIdConflictError(owner?.streamId ?? 'unknown', id, 'was appended concurrently to another stream');
}
