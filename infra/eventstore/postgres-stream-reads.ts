// Stream reads asked for in the same turn of the event loop go out as one statement. A booking
// reads its Hub (checked by version), its renter and a day schedule at once, and concurrent
// requests read theirs alongside: on this kind of machine a round trip (two syscalls and a
// wake-up each side) costs more than the index probes it carries, so fewer statements is what
// makes a booking cheaper (docs/benchmarks.md).
import type { StoredEvent } from './port.js';
import type { RunQuery } from './postgres-fast-append.js';
import type { EventRow } from './postgres-read.js';
import { EVENT_COLUMNS, toStoredEvent } from './postgres-read.js';

const READ_STREAM = {
  name: 'hub_read_stream_v1',
  text: `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
};

/** Several streams, each from its own version: `i` says which request a row answers. */
const READ_STREAMS = {
  name: 'hub_read_streams_v1',
  text: `SELECT r.i, e.* FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS r(stream_id, from_version, i)
  CROSS JOIN LATERAL (
    SELECT ${EVENT_COLUMNS} FROM events
     WHERE events.stream_id = r.stream_id AND events.stream_version >= r.from_version
     ORDER BY events.stream_version
  ) AS e
 ORDER BY r.i, e.stream_version`,
};

/** Requests per statement at most; more wait for the next one. */
const MAX_BATCH = 64;

interface Request {
  streamId: string;
  fromVersion: number;
  resolve: (events: StoredEvent[]) => void;
  reject: (error: unknown) => void;
}

export function batchedStreamReads(run: RunQuery): (streamId: string, fromVersion: number) => Promise<StoredEvent[]> {
  let queue: Request[] = [];

  const serve = async (batch: Request[]) => {
    if (batch.length === 1) {
      const [only] = batch;
      return only!.resolve((await run<EventRow>(READ_STREAM, [only!.streamId, only!.fromVersion])).map(toStoredEvent));
    }
    const rows = await run<EventRow & { i: string }>(READ_STREAMS, [batch.map((r) => r.streamId), batch.map((r) => r.fromVersion)]);
    const answers = batch.map((): StoredEvent[] => []);
    for (const row of rows) answers[Number(row.i) - 1]!.push(toStoredEvent(row));
    batch.forEach((request, k) => request.resolve(answers[k]!));
  };

  const flush = () => {
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(MAX_BATCH);
    if (queue.length) setImmediate(flush);
    serve(batch).catch((error: unknown) => batch.forEach((r) => r.reject(error)));
  };

  return (streamId, fromVersion) =>
    new Promise<StoredEvent[]>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ streamId, fromVersion, resolve, reject });
    });
}
