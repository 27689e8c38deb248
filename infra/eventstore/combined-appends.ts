// Appends made in the same turn of the event loop commit together: one statement, one
// transaction, one WAL flush for all of them (application-level group commit). On this kind of
// machine a statement's round trip and commit cost more than the rows it carries (a booking's
// append ran 149 µs in PostgreSQL and cost ~400 µs of its CPU in all): concurrent bookings, or
// concurrent writers of a process, share that cost instead of paying it each (docs/adr/0006).
//
// Together is all or nothing: when the shared statement does not succeed (a stream not at its
// expected version, an id already stored, any error), each append goes again on its own
// (`alone`), which explains exactly what was wrong with it; a conflict costs one more round trip.
// Appends touching a stream that another one of the turn, or a statement in flight, touches wait
// for it: two appends to one stream in one statement would both take the same version, and
// appends a process makes to a stream keep their order.
import type { AppendResult, StreamAppend } from './port.js';
import type { InsertedRow } from './postgres-append-sql.js';
import { APPEND_TO_STREAMS, appendToStreamsValues } from './postgres-append-sql.js';
import type { RunQuery } from './postgres-fast-append.js';
import { encodeExpected, resultsOf } from './postgres-fast-append.js';

/** Requests and events per shared statement at most; more wait for the next turn. */
const MAX_REQUESTS = 32;
const MAX_EVENTS = 256;

interface Request {
  appends: StreamAppend[];
  resolve: (results: AppendResult[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Wraps a single append (`alone`: the fast path, then the careful one) so that appends asked for
 * in the same turn go as one statement. A lone append goes alone, as before. An append
 * touching a stream that a statement in flight touches waits for it: appends a process makes to
 * one stream land in the order it made them.
 */
export function combinedAppends(
  run: RunQuery,
  alone: (appends: StreamAppend[]) => Promise<AppendResult[]>,
): (appends: StreamAppend[]) => Promise<AppendResult[]> {
  let queue: Request[] = [];
  let scheduled = false;
  const inFlight = new Map<string, number>();

  const schedule = () => {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  };

  const together = async (group: Request[]): Promise<void> => {
    const appends = group.flatMap((request) => request.appends);
    let rows: InsertedRow[] = [];
    try {
      rows = await run<InsertedRow>(
        APPEND_TO_STREAMS,
        appendToStreamsValues(appends, (append) => encodeExpected(append.expectedVersion)),
      );
    } catch {
      // Whatever it was (an id stored before, a race for a version, a bad event), each append on
      // its own meets it again and gets its own answer; a broken connection fails them all there.
    }
    if (rows.length === 0) {
      await Promise.all(group.map((request) => alone(request.appends).then(request.resolve, request.reject)));
      return;
    }
    for (const request of group) {
      try {
        request.resolve(resultsOf(request.appends, rows));
      } catch (error) {
        request.reject(error);
      }
    }
  };

  function flush(): void {
    scheduled = false;
    const group: Request[] = [];
    const waiting: Request[] = [];
    const streams = new Set<string>();
    let events = 0;
    for (const request of queue) {
      const size = request.appends.reduce((n, append) => n + append.events.length, 0);
      const fits = group.length < MAX_REQUESTS && (group.length === 0 || events + size <= MAX_EVENTS);
      const free = request.appends.every((append) => !streams.has(append.streamId) && !inFlight.has(append.streamId));
      // Once one request waits for a stream, later ones touching it wait behind it.
      request.appends.forEach((append) => streams.add(append.streamId));
      if (fits && free) {
        group.push(request);
        events += size;
      } else waiting.push(request);
    }
    queue = waiting;
    if (group.length === 0) return;
    const touched = group.flatMap((request) => request.appends.map((append) => append.streamId));
    touched.forEach((id) => inFlight.set(id, (inFlight.get(id) ?? 0) + 1));
    const done = group.length === 1 ? alone(group[0]!.appends).then(group[0]!.resolve, group[0]!.reject) : together(group);
    void done.finally(() => {
      for (const id of touched) {
        const left = inFlight.get(id)! - 1;
        if (left === 0) inFlight.delete(id);
        else inFlight.set(id, left);
      }
      schedule();
    });
    schedule(); // those that did not fit
  }

  return (appends) => {
    // An append with no events is the careful path's to decide (it writes nothing).
    if (appends.some((append) => append.events.length === 0)) return alone(appends);
    return new Promise<AppendResult[]>((resolve, reject) => {
      queue.push({ appends, resolve, reject });
      schedule();
    });
  };
}
