import type { Queryable } from '../../infra/db/queryable.js';
import { HUBS_TABLE } from '../hubs/queries.js';

// The access projector's table (rm_hub_access) as the rest of the code reads it. Names come from
// users and rm_hubs at query time (an erased renter reads 'Usuário removido').

export const HUB_ACCESS_TABLE = 'rm_hub_access';

export interface AccessRow {
  hub_id: string;
  hub_name: string | null;
  user_id: string;
  user_name: string | null;
  user_email: string | null;
  status: 'pending' | 'granted' | 'denied' | 'revoked';
  message: string | null;
  reason: string | null;
  auto: boolean;
  requested_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  decided_by_name: string | null;
}

const SELECT = `SELECT a.hub_id, h.name AS hub_name, a.user_id, u.name AS user_name, u.email AS user_email, a.status, a.message,
    a.reason, a.auto, a.requested_at, a.decided_at, a.decided_by, d.name AS decided_by_name
  FROM ${HUB_ACCESS_TABLE} a
  LEFT JOIN ${HUBS_TABLE} h ON h.id = a.hub_id
  LEFT JOIN users u ON u.id = a.user_id
  LEFT JOIN users d ON d.id = a.decided_by`;

/** The admins' queue: every pending request, oldest first, then the latest decisions. */
export async function accessQueue(db: Queryable, decidedLimit = 50): Promise<AccessRow[]> {
  const pending = await db.query<AccessRow>(`${SELECT} WHERE a.status = 'pending' ORDER BY a.requested_at, a.hub_id, a.user_id`);
  const decided = await db.query<AccessRow>(`${SELECT} WHERE a.status <> 'pending' ORDER BY a.decided_at DESC NULLS LAST, a.hub_id, a.user_id LIMIT $1`, [
    decidedLimit,
  ]);
  return [...pending.rows, ...decided.rows];
}

/** A Hub's members (granted) and those waiting (pending), granted first. */
export async function hubMembers(db: Queryable, hubId: string): Promise<AccessRow[]> {
  const { rows } = await db.query<AccessRow>(
    `${SELECT} WHERE a.hub_id = $1 AND a.status IN ('granted', 'pending') ORDER BY a.status = 'granted' DESC, u.name NULLS LAST, a.user_id`,
    [hubId],
  );
  return rows;
}

/** The private Hubs this user holds a live grant to. */
export async function grantedHubIds(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ hub_id: string }>(`SELECT hub_id FROM ${HUB_ACCESS_TABLE} WHERE user_id = $1 AND status = 'granted'`, [userId]);
  return rows.map((r) => r.hub_id);
}

/** Whether this user holds a live grant to this Hub (the Hub detail's question). */
export async function holdsGrant(db: Queryable, hubId: string, userId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM ${HUB_ACCESS_TABLE} WHERE hub_id = $1 AND user_id = $2 AND status = 'granted'`, [hubId, userId]);
  return rows.length > 0;
}

/** One pair's row, with names. */
export async function accessRow(db: Queryable, hubId: string, userId: string): Promise<AccessRow | null> {
  const { rows } = await db.query<AccessRow>(`${SELECT} WHERE a.hub_id = $1 AND a.user_id = $2`, [hubId, userId]);
  return rows[0] ?? null;
}
