import type { ClientBase } from 'pg';
import type { EventFacts } from '../../../projections/history/history-rows.js';
import { HISTORY_COLUMNS, historyValues } from '../../../projections/history/history-rows.js';
import { HISTORY_TABLE } from '../../../projections/history/queries.js';
import type { Batcher } from './batcher.js';
import { createBatcher } from './batcher.js';
import { copyFrom, copyValue } from './copy-from.js';
import { deferIndexes } from './defer-indexes.js';
import type { PendingHistory } from './history-fold.js';
import type { WrittenRange } from './write-events.js';

// rm_locker_history rows in COPY batches while the generator runs. The projector stores each
// event's global position (tx, seq), which the store gives an event only when its batch commits
// (write-events.ts reports each batch's tx and first seq): an event's rows wait here until then,
// so at most a couple of event batches' rows are held, never the millions of the whole history.
// The table's indexes are set aside for the load and built again by `finish`.

export interface HistoryRowWriter extends Pick<Batcher<string>, 'buffered' | 'written' | 'flush'> {
  /** An event's rows, from the history fold, in log order. */
  add(pending: PendingHistory): void;
  /** A batch of events committed: their rows get their positions and join the next COPY. */
  committed(range: WrittenRange): void;
  /** After the store is drained: writes the rest and builds the indexes again. */
  finish(): Promise<void>;
  /** After a failure: puts the indexes back (best effort). */
  abort(): Promise<void>;
}

const STATEMENT = `COPY ${HISTORY_TABLE} (${HISTORY_COLUMNS.join(', ')}) FROM STDIN`;

export async function openHistoryRowWriter(client: ClientBase): Promise<HistoryRowWriter> {
  const restoreIndexes = await deferIndexes(client, HISTORY_TABLE);
  const lines = createBatcher<string>((batch) => copyFrom(client, STATEMENT, `${batch.join('\n')}\n`));
  let waiting: PendingHistory[] = [];
  let released = 0; // events committed so far

  return {
    buffered: lines.buffered,
    written: lines.written,
    flush: lines.flush,
    add(pending) {
      if (pending.ordinal < released) throw new Error(`history-row-writer: rows of event ${pending.ordinal} came after its batch was committed`);
      waiting.push(pending);
    },
    committed(range) {
      if (range.first !== released) throw new Error(`history-row-writer: batch from event ${range.first} committed, expected ${released}`);
      released = range.first + range.count;
      let taken = 0;
      for (; taken < waiting.length && waiting[taken]!.ordinal < released; taken++) {
        const pending = waiting[taken]!;
        const facts: EventFacts = {
          eventId: pending.eventId,
          tx: range.tx,
          seq: (range.firstSeq + BigInt(pending.ordinal - range.first)).toString(),
          at: pending.at,
          ...pending.actor,
        };
        for (const row of pending.rows) lines.add(historyValues(facts, row).map(copyValue).join('\t'));
      }
      waiting = waiting.slice(taken);
    },
    async finish() {
      if (waiting.length) throw new Error(`history-row-writer: ${waiting.length} events' rows never had their batch committed`);
      await lines.drain();
      await restoreIndexes();
    },
    abort: restoreIndexes,
  };
}
