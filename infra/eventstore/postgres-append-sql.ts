import type { StreamAppend } from './port.js';

// The append statements (schema: migrations 0001 and 0008, docs/adr/0006). Each is one statement
// in its own implicit transaction, prepared once per connection. Their first step is the writer
// lock, taken before the transaction has an id: the CTE `w` is read before any row is inserted,
// since every inserted row is built from a join with it. Expected version -1 means 'any'.
//
// The version check is a gate over the stream's last version (one index probe); when it fails
// nothing is inserted, no row comes back, and the caller asks why. A concurrent append that took
// the same version meanwhile makes the insert fail on the unique (stream_id, stream_version).

/** One stream: $1 stream, $2 expected, $3..$6 ids, types, data, metadata. */
export const APPEND_TO_STREAM = {
  name: 'hub_append_to_stream_v1',
  text: `WITH w AS MATERIALIZED (SELECT hub_begin_event_write())
INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
SELECT $1, c.version + e.n::int, e.id, e.type, e.data, e.meta
  FROM (SELECT coalesce(max(stream_version), 0) AS version FROM events WHERE stream_id = $1) AS c, w,
       unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS e(id, type, data, meta, n)
 WHERE $2::int IN (-1, c.version)
 ORDER BY e.n
RETURNING stream_id, stream_version, tx_id, seq`,
};

/**
 * One event to one stream, the commonest append: $1 stream, $2 expected, $3..$6 id, type, data,
 * metadata as plain values (no arrays to build, escape and parse on each side).
 */
export const APPEND_ONE = {
  name: 'hub_append_one_v1',
  text: `WITH w AS MATERIALIZED (SELECT hub_begin_event_write())
INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
SELECT $1, c.version + 1, $3::uuid, $4::text, $5::jsonb, $6::jsonb
  FROM (SELECT coalesce(max(stream_version), 0) AS version FROM events WHERE stream_id = $1) AS c, w
 WHERE $2::int IN (-1, c.version)
RETURNING stream_id, stream_version, tx_id, seq`,
};

/**
 * Several streams atomically: $1 streams, $2 their expected versions; per event $3 stream, $4 its
 * 1-based place in that stream's batch, $5 ids, $6 types; $7 and $8 the events' data and metadata
 * as one JSON array each (one text to parse, not an array of escaped JSON texts). seq follows the
 * caller's order; rows are inserted in C-collation stream order, so two appends meet on their
 * first common stream and cannot deadlock.
 */
export const APPEND_TO_STREAMS = {
  name: 'hub_append_to_streams_v2',
  text: `WITH w AS MATERIALIZED (SELECT hub_begin_event_write()),
cur AS MATERIALIZED (
  SELECT s.stream_id, s.expected,
         (SELECT coalesce(max(x.stream_version), 0) FROM events x WHERE x.stream_id = s.stream_id) AS version
    FROM unnest($1::text[], $2::int[]) AS s(stream_id, expected)
),
numbered AS MATERIALIZED (
  SELECT nextval('events_seq_seq') AS seq, e.stream_id, e.k, e.id, e.type, $7::jsonb -> (e.n::int - 1) AS data, $8::jsonb -> (e.n::int - 1) AS meta
    FROM w, unnest($3::text[], $4::int[], $5::uuid[], $6::text[]) WITH ORDINALITY AS e(stream_id, k, id, type, n)
   WHERE NOT EXISTS (SELECT 1 FROM cur WHERE cur.expected NOT IN (-1, cur.version))
   ORDER BY e.n
)
INSERT INTO events (seq, stream_id, stream_version, event_id, type, data, metadata)
SELECT numbered.seq, numbered.stream_id, cur.version + numbered.k, numbered.id, numbered.type, numbered.data, numbered.meta
  FROM numbered JOIN cur ON cur.stream_id = numbered.stream_id
 ORDER BY numbered.stream_id COLLATE "C", numbered.k
RETURNING stream_id, stream_version, tx_id, seq`,
};

/** APPEND_TO_STREAMS's parameters, each append with the expected version `expected` gives it (-1: any). */
export function appendToStreamsValues(appends: readonly StreamAppend[], expected: (append: StreamAppend) => number): unknown[] {
  const events = appends.flatMap((append) => append.events.map((event, i) => ({ streamId: append.streamId, k: i + 1, event })));
  return [
    appends.map((append) => append.streamId),
    appends.map(expected),
    events.map((e) => e.streamId),
    events.map((e) => e.k),
    events.map((e) => e.event.id),
    events.map((e) => e.event.type),
    JSON.stringify(events.map((e) => e.event.data ?? null)),
    JSON.stringify(events.map((e) => e.event.metadata)),
  ];
}

/** Why a gate failed: each stream's version now, and whether any of the ids is stored. */
export const EXPLAIN_REFUSAL = {
  name: 'hub_explain_refusal_v1',
  text: `SELECT s.stream_id,
       (SELECT coalesce(max(x.stream_version), 0) FROM events x WHERE x.stream_id = s.stream_id) AS version,
       EXISTS (SELECT 1 FROM events x WHERE x.event_id = ANY($2::uuid[])) AS stored
  FROM unnest($1::text[]) AS s(stream_id)`,
};

export interface InsertedRow {
  stream_id: string;
  stream_version: number;
  /** xid8 and bigint arrive as decimal strings. */
  tx_id: string;
  seq: string;
}
