// The common append as one call of hub_append (migration 0004): one round trip and one
// implicit transaction instead of eight statements. A plain version conflict is answered from
// the function's error; anything unusual — ids already stored (maybe a retry of a committed
// append), an empty batch — goes to the careful path, which classifies it exactly.
// Measured in docs/benchmarks.md.
import type pg from 'pg';
import type { AppendResult, ExpectedVersion, StreamAppend } from './port.js';
import { WrongExpectedVersionError } from './port.js';

const encodeExpected = (expected: ExpectedVersion) => (expected === 'any' ? -1 : expected === 'no_stream' ? 0 : expected);

/** Results, or null when the careful path must decide. */
export async function fastAppend(pool: pg.Pool, appends: StreamAppend[]): Promise<AppendResult[] | null> {
  if (appends.some((append) => append.events.length === 0)) return null;
  const events = appends.flatMap((append) => append.events.map((event) => ({ streamId: append.streamId, event })));
  let rows: { o_stream_id: string; o_stream_version: number; o_tx_id: string; o_seq: string }[];
  try {
    ({ rows } = await pool.query(
      'SELECT * FROM hub_append($1::text[], $2::int[], $3::text[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[])',
      [
        appends.map((append) => append.streamId),
        appends.map((append) => encodeExpected(append.expectedVersion)),
        events.map((e) => e.streamId),
        events.map((e) => e.event.id),
        events.map((e) => e.event.type),
        events.map((e) => JSON.stringify(e.event.data ?? null)),
        events.map((e) => JSON.stringify(e.event.metadata)),
      ],
    ));
  } catch (error) {
    const { code, hint, detail } = error as { code?: string; hint?: string; detail?: string };
    if (code === 'HA001' && hint) {
      const append = appends.find((a) => a.streamId === hint);
      throw new WrongExpectedVersionError(hint, append?.expectedVersion ?? 'any', Number(detail));
    }
    if (code === 'HA002' || code === '23505') return null;
    throw error;
  }
  const last = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const seen = last.get(row.o_stream_id);
    if (seen === undefined || row.o_stream_version > seen.o_stream_version) last.set(row.o_stream_id, row);
  }
  return appends.map((append) => {
    const row = last.get(append.streamId)!;
    return { streamId: append.streamId, nextVersion: row.o_stream_version, position: { tx: BigInt(row.o_tx_id), seq: BigInt(row.o_seq) } };
  });
}
