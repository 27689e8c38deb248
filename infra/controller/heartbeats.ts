import type { Queryable } from '../db/queryable.js';

// A controller's heartbeats (migration 0042): the latest one per Hub. A heartbeat no newer than the
// one already kept (a batch retried or uploaded late) changes nothing.

export interface Heartbeat {
  hubId: string;
  lastSeenAt: Date;
  manifestIssuedAt: Date | null;
}

/** Keeps the heartbeat when it is the Hub's newest; whether it was (false: nothing changed). */
export async function recordHeartbeat(db: Queryable, beat: Heartbeat): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO controller_heartbeats (hub_id, last_seen_at, manifest_issued_at) VALUES ($1, $2, $3)
     ON CONFLICT (hub_id) DO UPDATE SET
       last_seen_at = EXCLUDED.last_seen_at,
       manifest_issued_at = COALESCE(EXCLUDED.manifest_issued_at, controller_heartbeats.manifest_issued_at)
     WHERE controller_heartbeats.last_seen_at < EXCLUDED.last_seen_at`,
    [beat.hubId, beat.lastSeenAt, beat.manifestIssuedAt],
  );
  return rowCount === 1;
}

export async function lastHeartbeats(db: Queryable, hubIds?: readonly string[]): Promise<Heartbeat[]> {
  const { rows } = await db.query<{ hub_id: string; last_seen_at: Date; manifest_issued_at: Date | null }>(
    `SELECT hub_id, last_seen_at, manifest_issued_at FROM controller_heartbeats ${hubIds ? 'WHERE hub_id = ANY($1)' : ''} ORDER BY hub_id`,
    hubIds ? [hubIds] : [],
  );
  return rows.map((r) => ({ hubId: r.hub_id, lastSeenAt: r.last_seen_at, manifestIssuedAt: r.manifest_issued_at }));
}
