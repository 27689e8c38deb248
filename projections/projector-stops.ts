// A projector that meets an event it cannot apply stops at it (docs/adr/0018). Before, such an
// event failed every batch for ever: the projector's tables froze, health only said "behind",
// and nothing named the event (issue 24 item 5: a price that overflowed an integer column).
//
// Which failures stop it: errors that applying the same event again will meet again. Those are
// PostgreSQL's data exceptions (SQLSTATE class 22: a value out of range, a bad date) and
// integrity violations (class 23), and the projector's own code refusing the event's shape
// (TypeError, RangeError, SyntaxError). Everything else (a lost connection, a server shutting
// down, a pool wait, a deadlock or serialization failure, a fence) is transient: the batch is
// retried with backoff as before, and a connection that comes back carries on by itself.
import type { Pool } from 'pg';
import type { GlobalPosition, StoredEvent } from '../infra/eventstore/port.js';

/** Where a projector stopped and why (a row of projection_stops, migration 0027). */
export interface ProjectorStop {
  name: string;
  event_id: string;
  event_type: string;
  stream_id: string;
  /** The event's global position, 'tx/seq'. */
  position: string;
  error: string;
  error_code: string | null;
  stopped_at: Date;
}

const PERMANENT_SQLSTATE_CLASSES = ['22', '23'];
const PERMANENT_JS_ERRORS = [TypeError, RangeError, SyntaxError];

/** True when applying the same event again would fail the same way. */
export function cannotApply(error: unknown): boolean {
  if (PERMANENT_JS_ERRORS.some((kind) => error instanceof kind)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && PERMANENT_SQLSTATE_CLASSES.includes(code.slice(0, 2));
}

/** The projector stopped at an event: said once in the log, and kept in projection_stops. */
export class ProjectorStoppedError extends Error {
  constructor(
    readonly projector: string,
    readonly event: StoredEvent,
    readonly reason: unknown,
  ) {
    super(
      `projection ${projector} stopped at event ${event.id} (${event.type} of ${event.streamId}, position ${event.position.tx}/${event.position.seq}): ` +
        `${errorText(reason)}. Fix the cause, then run: npm run projections:resume -- ${projector} (README, "A stopped projector")`,
    );
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function recordStop(pool: Pool, projector: string, event: StoredEvent, error: unknown): Promise<void> {
  const code = (error as { code?: unknown } | null)?.code;
  await pool.query(
    `INSERT INTO projection_stops (name, event_id, event_type, stream_id, tx, seq, error, error_code)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (name) DO UPDATE SET event_id = EXCLUDED.event_id, event_type = EXCLUDED.event_type, stream_id = EXCLUDED.stream_id,
       tx = EXCLUDED.tx, seq = EXCLUDED.seq, error = EXCLUDED.error, error_code = EXCLUDED.error_code, stopped_at = now()`,
    [
      projector,
      event.id,
      event.type,
      event.streamId,
      event.position.tx.toString(),
      event.position.seq.toString(),
      errorText(error).slice(0, 2000),
      typeof code === 'string' ? code : null,
    ],
  );
}

/** The stops of the named projectors (every one when names is omitted). */
export async function readStops(pool: Pool, names?: string[]): Promise<ProjectorStop[]> {
  const { rows } = await pool.query<ProjectorStop>(
    `SELECT name, event_id, event_type, stream_id, tx || '/' || seq AS position, error, error_code, stopped_at
       FROM projection_stops WHERE $1::text[] IS NULL OR name = ANY($1::text[]) ORDER BY name`,
    [names ?? null],
  );
  return rows;
}

export async function isStopped(pool: Pool, name: string): Promise<boolean> {
  const { rows } = await pool.query('SELECT 1 FROM projection_stops WHERE name = $1', [name]);
  return rows.length > 0;
}

/** The event a projector stopped at, if it did. */
export async function readStop(pool: Pool, name: string): Promise<{ eventId: string; at: GlobalPosition } | null> {
  const { rows } = await pool.query<{ event_id: string; tx: string; seq: string }>('SELECT event_id, tx, seq FROM projection_stops WHERE name = $1', [name]);
  const row = rows[0];
  return row ? { eventId: row.event_id, at: { tx: BigInt(row.tx), seq: BigInt(row.seq) } } : null;
}

/**
 * Deletes a projector's stop: projections:resume (any event), or the projector itself once it got
 * past the event it stopped at (that event only). False when there was none.
 */
export async function clearStop(pool: Pool, name: string, eventId?: string): Promise<boolean> {
  const { rowCount } = await pool.query('DELETE FROM projection_stops WHERE name = $1 AND ($2::uuid IS NULL OR event_id = $2::uuid)', [name, eventId ?? null]);
  return (rowCount ?? 0) > 0;
}
