// The common append: one prepared statement, one round trip, one implicit transaction. A version
// mismatch inserts nothing and is explained by one more read; anything unusual (ids already
// stored, maybe a retry of a committed append; a concurrent append that took the same version
// or id first; an empty batch) goes to the careful path, which classifies it exactly.
import type pg from 'pg';
import type { AppendResult, ExpectedVersion, StreamAppend } from './port.js';
import { WrongExpectedVersionError } from './port.js';
import type { InsertedRow } from './postgres-append-sql.js';
import { APPEND_ONE, APPEND_TO_STREAM, APPEND_TO_STREAMS, EXPLAIN_REFUSAL, appendToStreamsValues } from './postgres-append-sql.js';

export const encodeExpected = (expected: ExpectedVersion) => (expected === 'any' ? -1 : expected === 'no_stream' ? 0 : expected);

/** Runs a statement as a named (prepared) query, or unnamed where names cannot be used. */
export type RunQuery = <R extends pg.QueryResultRow>(statement: { name: string; text: string }, values: unknown[]) => Promise<R[]>;

/** A refusal explained the same way twice in a row would be a bug: stop retrying. */
const MAX_ROUNDS = 5;

/** Results, or null when the careful path must decide. */
export async function fastAppend(run: RunQuery, appends: StreamAppend[]): Promise<AppendResult[] | null> {
  if (appends.some((append) => append.events.length === 0)) return null;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let rows: InsertedRow[];
    try {
      rows = await insert(run, appends);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return null; // raced: the careful path decides
      throw error;
    }
    if (rows.length > 0) return resultsOf(appends, rows);
    // The gate refused: a stream is not at its expected version, or this is a retry.
    const refusal = await explainRefusal(run, appends);
    if (refusal === 'stored') return null;
    if (refusal) throw refusal;
    // The streams moved to the expected versions after the gate looked (a writer that had not
    // committed yet): the append may well succeed now.
  }
  return null;
}

function insert(run: RunQuery, appends: StreamAppend[]): Promise<InsertedRow[]> {
  const [single] = appends;
  if (appends.length > 1 || !single)
    return run(
      APPEND_TO_STREAMS,
      appendToStreamsValues(appends, (append) => encodeExpected(append.expectedVersion)),
    );
  const head = [single.streamId, encodeExpected(single.expectedVersion)];
  const { events } = single;
  const [only] = events;
  if (events.length === 1 && only) return run(APPEND_ONE, [...head, only.id, only.type, JSON.stringify(only.data ?? null), JSON.stringify(only.metadata)]);
  return run(APPEND_TO_STREAM, [
    ...head,
    events.map((e) => e.id),
    events.map((e) => e.type),
    events.map((e) => JSON.stringify(e.data ?? null)),
    events.map((e) => JSON.stringify(e.metadata)),
  ]);
}

/** The first stream (in the caller's order) not at its expected version; 'stored'; or null. */
async function explainRefusal(run: RunQuery, appends: StreamAppend[]): Promise<WrongExpectedVersionError | 'stored' | null> {
  const ids = appends.flatMap((append) => append.events.map((event) => event.id));
  const rows = await run<{ stream_id: string; version: number; stored: boolean }>(EXPLAIN_REFUSAL, [appends.map((a) => a.streamId), ids]);
  if (rows.some((row) => row.stored)) return 'stored';
  for (const append of appends) {
    const wanted = encodeExpected(append.expectedVersion);
    const actual = rows.find((row) => row.stream_id === append.streamId)?.version ?? 0;
    if (wanted !== -1 && wanted !== actual) return new WrongExpectedVersionError(append.streamId, append.expectedVersion, actual);
  }
  return null;
}

/** Each append's result from the rows inserted: its stream's last event. */
export function resultsOf(appends: StreamAppend[], rows: InsertedRow[]): AppendResult[] {
  const last = new Map<string, InsertedRow>();
  for (const row of rows) {
    const seen = last.get(row.stream_id);
    if (seen === undefined || row.stream_version > seen.stream_version) last.set(row.stream_id, row);
  }
  return appends.map((append) => {
    const row = last.get(append.streamId);
    if (!row) throw new Error(`append: no event came back for stream ${append.streamId}`);
    return { streamId: append.streamId, nextVersion: row.stream_version, position: { tx: BigInt(row.tx_id), seq: BigInt(row.seq) } };
  });
}
