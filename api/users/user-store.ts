// SQL for the users API beyond sign-in (api/auth/users.ts): listing, partial updates from an
// allowlist of columns, and the erasure's delete.
import type { Queryable } from '../auth/tokens.js';
import { COLUMNS, type UserRow } from '../auth/users.js';
import type { UserUpdate } from '../../contract/users/user-bodies.js';

/** Body field → column. Only these are ever written by an update. */
const WRITABLE: Record<Exclude<keyof UserUpdate, 'email'>, string> = {
  name: 'name',
  phone: 'phone',
  rg: 'rg',
  cpf: 'cpf',
  cnpj: 'cnpj',
  address: 'address',
  address_number: 'address_number',
  complement: 'complement',
  neighborhood: 'neighborhood',
  city: 'city',
  state: 'state',
  postal_code: 'postal_code',
  avatar_url: 'avatar_url',
  hidePublics: 'hide_publics',
  role: 'role',
  partner_id: 'partner_id',
};

/** The fields of update that differ from row (what an update would really change). */
export function changedFields(row: UserRow, update: UserUpdate): UserUpdate {
  const changed: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(WRITABLE)) {
    const value = (update as Record<string, unknown>)[field];
    if (value !== undefined && value !== (row as Record<string, unknown>)[column]) changed[field] = value;
  }
  return changed;
}

/** Writes the given fields (already validated); the role also sets is_admin (spec §6). */
export async function updateUser(db: Queryable, id: string, update: UserUpdate): Promise<UserRow | null> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const [field, column] of Object.entries(WRITABLE)) {
    const value = (update as Record<string, unknown>)[field];
    if (value === undefined) continue;
    values.push(value);
    sets.push(`${column} = $${values.length}`);
    if (field === 'role') sets.push(`is_admin = ($${values.length} = 'admin')`);
  }
  const sql = sets.length
    ? `UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`
    : `SELECT ${COLUMNS} FROM users WHERE id = $1`;
  const { rows } = await db.query<UserRow>(sql, values);
  return rows[0] ?? null;
}

export async function listUsers(db: Queryable): Promise<UserRow[]> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users ORDER BY created_at, id`);
  return rows;
}
