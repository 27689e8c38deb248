// PostgreSQL event store (also runs on embedded PGlite). Schema: infra/db/migrations/0001.
// Global order is (tx_id, seq) read below the snapshot xmin: see docs/adr/0001-postgres-global-order.md.
import type pg from 'pg';
import { withTransaction } from '../db/pool.js';
import { EventIdConflictError, assertWellFormed, checkExpectedVersion, classifyAppend } from './append-rules.js';
import type { ExistingEvent } from './append-rules.js';
import type { AppendResult, EventMetadata, EventStore, GlobalPosition, StoredEvent, StreamAppend } from './port.js';
import { START } from './port.js';
import { createSubscriptions } from './poll-subscription.js';
import { fastAppend } from './postgres-fast-append.js';

export interface PostgresEventStoreOptions {
  /** Default poll interval of subscriptions (ms). */
  pollIntervalMs?: number;
}

interface EventRow {
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

interface PositionRow {
  stream_id: string;
  stream_version: number;
  tx_id: string;
  seq: string;
}

const COLUMNS = `seq::text AS seq, tx_id::text AS tx_id, stream_id, stream_version, event_id::text AS event_id,
  type, data, metadata, recorded_at`;

const toPosition = (row: { tx_id: string; seq: string }): GlobalPosition => ({ tx: BigInt(row.tx_id), seq: BigInt(row.seq) });

function toStoredEvent(row: EventRow): StoredEvent {
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

/** The pool stays the caller's: close() stops subscriptions but does not end it. */
export function createPostgresEventStore(pool: pg.Pool, opts: PostgresEventStoreOptions = {}): EventStore {
  const pollIntervalMs = opts.pollIntervalMs ?? 200;

  const subscriptions = createSubscriptions((options) => store.readAll(options), { batchSize: 100, pollIntervalMs });
  const store: EventStore = {
    async append(streamId, events, expectedVersion) {
      const [result] = await store.appendMany([{ streamId, events, expectedVersion }]);
      if (result === undefined) throw new Error('append: no result');
      return result;
    },

    async appendMany(appends) {
      assertWellFormed(appends);
      if (appends.length === 0) return [];
      const results = (await fastAppend(pool, appends)) ?? (await withTransaction(pool, (client) => appendInTransaction(client, appends)));
      subscriptions.wake();
      return results;
    },

    async readStream(streamId, fromVersion = 1) {
      const { rows } = await pool.query<EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
        [streamId, fromVersion],
      );
      return rows.map(toStoredEvent);
    },

    async readAll({ after, limit }) {
      // Both conditions are evaluated against one statement snapshot: every transaction below its
      // xmin has ended, so no event can later appear before the last one returned.
      const { rows } = await pool.query<EventRow>(
        `SELECT ${COLUMNS} FROM events
          WHERE tx_id < pg_snapshot_xmin(pg_current_snapshot())
            AND (tx_id, seq) > ($1::text::xid8, $2::bigint)
          ORDER BY events.tx_id, events.seq -- the columns, not the text aliases
          LIMIT $3`,
        [after.tx.toString(), after.seq.toString(), limit],
      );
      return rows.map(toStoredEvent);
    },

    subscribe: (options) => subscriptions.subscribe(options),
    close: () => subscriptions.close(),
  };
  return store;
}

async function appendInTransaction(client: pg.PoolClient, appends: StreamAppend[]): Promise<AppendResult[]> {
  const streamIds = appends.map((append) => append.streamId);
  // Lock every stream row in one fixed order (C collation), so two multi-stream appends cannot
  // deadlock. Rows are created on first use; FOR UPDATE locks rows in ORDER BY order.
  await client.query(
    `INSERT INTO streams (stream_id) SELECT s FROM unnest($1::text[]) AS s ORDER BY s COLLATE "C"
     ON CONFLICT DO NOTHING`,
    [streamIds],
  );
  const locked = await client.query<{ stream_id: string; version: number }>(
    `SELECT stream_id, version FROM streams WHERE stream_id = ANY($1::text[])
      ORDER BY stream_id COLLATE "C" FOR UPDATE`,
    [streamIds],
  );
  const versions = new Map(locked.rows.map((row) => [row.stream_id, row.version]));

  // Read after locking: a concurrent retry of the same events has committed by now.
  const existing = await findExisting(client, appends.flatMap((append) => append.events.map((event) => event.id)));
  const plans = appends.map((append) => {
    const ids = append.events.map((event) => event.id);
    const plan = classifyAppend(append.streamId, ids, ids.map((id) => existing.get(id.toLowerCase())));
    if (plan.kind === 'new') checkExpectedVersion(append.streamId, append.expectedVersion, versions.get(append.streamId) ?? 0);
    return plan;
  });

  const toWrite = appends.filter((_, i) => plans[i]?.kind === 'new');
  const written = await insertEvents(client, toWrite, versions);
  const empty = toWrite.filter((append) => append.events.length === 0).map((append) => append.streamId);
  const lastOfEmpty = await lastPositions(client, empty);

  return appends.map((append, i): AppendResult => {
    const plan = plans[i];
    if (plan?.kind === 'retry') return plan.result;
    const nextVersion = (versions.get(append.streamId) ?? 0) + append.events.length;
    const position = written.get(append.streamId) ?? lastOfEmpty.get(append.streamId) ?? START;
    return { streamId: append.streamId, nextVersion, position };
  });
}

async function findExisting(client: pg.PoolClient, ids: string[]): Promise<Map<string, ExistingEvent>> {
  if (ids.length === 0) return new Map();
  const { rows } = await client.query<PositionRow & { event_id: string }>(
    `SELECT event_id::text AS event_id, stream_id, stream_version, tx_id::text AS tx_id, seq::text AS seq
       FROM events WHERE event_id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.event_id, { streamId: row.stream_id, streamVersion: row.stream_version, position: toPosition(row) }]));
}

/** Inserts the events and bumps streams.version; returns each stream's last position. */
async function insertEvents(
  client: pg.PoolClient,
  appends: StreamAppend[],
  versions: Map<string, number>,
): Promise<Map<string, GlobalPosition>> {
  const rows = appends.flatMap((append) =>
    append.events.map((event, i) => ({ append, event, version: (versions.get(append.streamId) ?? 0) + i + 1 })),
  );
  if (rows.length === 0) return new Map();
  let inserted: pg.QueryResult<PositionRow>;
  try {
    // One statement for the whole batch; ORDER BY n keeps seq in the order the caller gave.
    inserted = await client.query<PositionRow>(
      `INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
       SELECT stream_id, stream_version, event_id, type, data::jsonb, metadata::jsonb
         FROM unnest($1::text[], $2::int[], $3::uuid[], $4::text[], $5::text[], $6::text[])
              WITH ORDINALITY AS e(stream_id, stream_version, event_id, type, data, metadata, n)
        ORDER BY n
       RETURNING stream_id, stream_version, tx_id::text AS tx_id, seq::text AS seq`,
      [
        rows.map((row) => row.append.streamId),
        rows.map((row) => row.version),
        rows.map((row) => row.event.id),
        rows.map((row) => row.event.type),
        rows.map((row) => JSON.stringify(row.event.data ?? null)),
        rows.map((row) => JSON.stringify(row.event.metadata)),
      ],
    );
  } catch (error) {
    throw asEventIdConflict(error, appends) ?? error;
  }
  await client.query(
    `UPDATE streams SET version = v.version
       FROM unnest($1::text[], $2::int[]) AS v(stream_id, version)
      WHERE streams.stream_id = v.stream_id`,
    [appends.map((append) => append.streamId), appends.map((append) => (versions.get(append.streamId) ?? 0) + append.events.length)],
  );
  const last = new Map<string, PositionRow>();
  for (const row of inserted.rows) {
    const seen = last.get(row.stream_id);
    if (seen === undefined || row.stream_version > seen.stream_version) last.set(row.stream_id, row);
  }
  return new Map([...last].map(([streamId, row]) => [streamId, toPosition(row)]));
}

/** Position of each stream's last event, for appends of zero events. */
async function lastPositions(client: pg.PoolClient, streamIds: string[]): Promise<Map<string, GlobalPosition>> {
  if (streamIds.length === 0) return new Map();
  const { rows } = await client.query<PositionRow>(
    `SELECT DISTINCT ON (stream_id) stream_id, stream_version, tx_id::text AS tx_id, seq::text AS seq
       FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version DESC`,
    [streamIds],
  );
  return new Map(rows.map((row) => [row.stream_id, toPosition(row)]));
}

// A concurrent append took one of our ids for another stream after we looked.
function asEventIdConflict(error: unknown, appends: StreamAppend[]): EventIdConflictError | undefined {
  const pgError = error as { code?: string; constraint?: string; detail?: string };
  if (pgError.code !== '23505' || pgError.constraint !== 'events_event_id_key') return undefined;
  const id = /\(event_id\)=\(([^)]+)\)/.exec(pgError.detail ?? '')?.[1] ?? 'unknown';
  const owner = appends.find((append) => append.events.some((event) => event.id.toLowerCase() === id));
  return new EventIdConflictError(owner?.streamId ?? 'unknown', id, 'was appended concurrently to another stream');
}
