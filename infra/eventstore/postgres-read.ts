// Reading the global order (tx_id, seq) below the visibility horizon of the statement's own
// snapshot (migration 0008, hub_events_horizon; docs/adr/0001 and 0006): every event below it
// that will ever commit is visible now, so a follower never skips one. The horizon waits only
// for running transactions that may write events, not for every transaction on the server.
import type { EventMetadata, GlobalPosition, ReadAllOptions, StoredEvent } from './port.js';
import type { RunQuery } from './postgres-fast-append.js';

export interface EventRow {
  seq: string;
  tx_id: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

/** Columns of an EventRow; tx_id (xid8) and seq (bigint) arrive as decimal strings. */
export const EVENT_COLUMNS = 'seq, tx_id, stream_id, stream_version, event_id::text AS event_id, type, data, metadata, recorded_at';

// One row even when no event is readable, to carry held_by_ended.
const READ_ALL = {
  name: 'hub_read_all_v1',
  text: `SELECT h.held_by_ended, e.*
  FROM hub_events_horizon($1::text::xid8, $2::bigint) AS h
  LEFT JOIN LATERAL (
    SELECT ${EVENT_COLUMNS} FROM events
     WHERE tx_id < h.horizon AND (tx_id, seq) > ($1::text::xid8, $2::bigint)
     ORDER BY tx_id, seq
     LIMIT $3
  ) AS e ON true
 ORDER BY e.tx_id, e.seq`,
};

/**
 * The horizon may stop at a transaction that ended between the snapshot and the look at
 * pg_locks (unknown, so counted as a possible writer). A new statement no longer sees it running,
 * so read again at once rather than leave the follower waiting for its next poll.
 */
const MAX_READS = 3;

export async function readAllBelowHorizon(run: RunQuery, { after, limit }: ReadAllOptions): Promise<StoredEvent[]> {
  let events: StoredEvent[] = [];
  for (let read = 1; read <= MAX_READS; read++) {
    const rows = await run<Partial<EventRow> & { held_by_ended: boolean }>(READ_ALL, [after.tx.toString(), after.seq.toString(), limit]);
    events = rows.filter((row): row is EventRow & { held_by_ended: boolean } => row.seq != null).map(toStoredEvent);
    if (!rows[0]?.held_by_ended || events.length >= limit) break;
  }
  return events;
}

export const toPosition = (row: { tx_id: string; seq: string }): GlobalPosition => ({ tx: BigInt(row.tx_id), seq: BigInt(row.seq) });

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    position: toPosition(row),
    recordedAt: row.recorded_at.toISOString(),
  };
}
