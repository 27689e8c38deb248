import type { Pool } from 'pg';
import type { AuthUser } from '../auth/types.js';
import { isAdmin } from '../auth/guard.js';
import { forbidden } from '../http/errors.js';

// Logistics staff work the Hubs they are assigned to (hub_staff); admins every Hub.

/** The Hub ids the caller works, or null for every Hub (admins). */
export async function staffHubIds(db: Pool, user: AuthUser): Promise<string[] | null> {
  if (isAdmin(user)) return null;
  const { rows } = await db.query<{ hub_id: string }>('SELECT hub_id FROM hub_staff WHERE user_id = $1', [user.id]);
  return rows.map((r) => r.hub_id);
}

export async function assertWorksHub(db: Pool, user: AuthUser, hubId: string): Promise<void> {
  if (isAdmin(user)) return;
  const { rows } = await db.query('SELECT 1 FROM hub_staff WHERE user_id = $1 AND hub_id = $2', [user.id, hubId]);
  if (rows.length === 0) throw forbidden('Você não atende este Hub.');
}
