import type { Queryable } from '../db/queryable.js';

// Which of a controller batch's event ids the event store already holds (ADR 0025): a retried
// upload is answered as duplicates and writes nothing. The store itself also refuses to write an
// id twice (a race between two retries ends there, not in a second event).

export async function storedEventIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ event_id: string }>(`SELECT event_id::text AS event_id FROM events WHERE event_id = ANY($1::uuid[])`, [ids]);
  return new Set(rows.map((r) => r.event_id));
}
