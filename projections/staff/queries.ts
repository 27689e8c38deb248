import type { Queryable } from '../../infra/db/queryable.js';
import { HUBS_TABLE } from '../hubs/queries.js';

/** The table, for joins from another projector's queries (the alert mails' recipients). */
export const HUB_STAFF_TABLE = 'hub_staff';

// The staff projector's table (hub_staff) as the rest of the code reads it. Only this module and
// the projector name it (eslint.config.js, readModelOwners). Every read goes to PostgreSQL per
// request, never a cache: an assignment counts in every API process as soon as it is projected.

/** The Hub ids an operator works, sorted. */
export async function staffHubIdsOf(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ hub_id: string }>('SELECT hub_id FROM hub_staff WHERE user_id = $1 ORDER BY hub_id', [userId]);
  return rows.map((r) => r.hub_id);
}

export async function worksHub(db: Queryable, userId: string, hubId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM hub_staff WHERE user_id = $1 AND hub_id = $2', [userId, hubId]);
  return rows.length > 0;
}

export interface AssignedHubRow {
  id: string;
  name: string;
  city: string;
  assigned_at: Date;
}

/** An operator's Hubs with what the editor shows of each. */
export async function assignedHubs(db: Queryable, userId: string): Promise<AssignedHubRow[]> {
  const { rows } = await db.query<AssignedHubRow>(
    `SELECT h.id, h.name, h.city, s.assigned_at FROM hub_staff s JOIN ${HUBS_TABLE} h ON h.id = s.hub_id
      WHERE s.user_id = $1 ORDER BY h.id`,
    [userId],
  );
  return rows;
}

export interface HubStaffRow {
  id: string;
  name: string;
  email: string;
  role: string;
  assigned_at: Date;
}

/** The operators assigned to a Hub, by name (names and e-mails joined from users at query time). */
export async function hubStaffOf(db: Queryable, hubId: string): Promise<HubStaffRow[]> {
  const { rows } = await db.query<HubStaffRow>(
    `SELECT u.id, u.name, u.email, u.role, s.assigned_at FROM hub_staff s JOIN users u ON u.id = s.user_id
      WHERE s.hub_id = $1 ORDER BY u.name, u.id`,
    [hubId],
  );
  return rows;
}

/** Which of these Hub ids exist now (the decider refuses the others). */
export async function existingHubIds(db: Queryable, hubIds: readonly string[]): Promise<Set<string>> {
  if (hubIds.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM ${HUBS_TABLE} WHERE id = ANY($1::text[])`, [hubIds]);
  return new Set(rows.map((r) => r.id));
}

/** Rows left from before migration 0029 (api/staff/adopt-legacy-staff.ts turns them into events). */
export async function legacyStaffRows(db: Queryable): Promise<{ user_id: string; hub_ids: string[] }[]> {
  const { rows } = await db.query<{ user_id: string; hub_ids: string[] }>(
    'SELECT user_id, array_agg(hub_id ORDER BY hub_id) AS hub_ids FROM hub_staff_legacy GROUP BY user_id',
  );
  return rows;
}

export async function dropLegacyStaffRows(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM hub_staff_legacy WHERE user_id = $1', [userId]);
}
