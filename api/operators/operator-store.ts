// SQL of the Operators screen over `users`, the account store sign-in reads. An operator is an
// account made on the screen (is_operator, migration 0030) or any with a role other than 'user';
// the master is the MASTER_OPERATOR_EMAIL account. An invitation is pending while the account
// has neither a password nor a social identity to sign in with.
import { DatabaseError } from 'pg';
import type { Queryable } from '../auth/tokens.js';
import type { Role } from '../auth/types.js';
import { conflict } from '../http/errors.js';
import type { OperatorView } from '../../contract/operators/operator-schemas.js';

export interface OperatorRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  is_admin: boolean;
  is_operator: boolean;
  has_password: boolean;
  has_identity: boolean;
  created_at: Date;
}

const SELECT = `SELECT u.id, u.name, u.email, u.phone, u.role, u.is_admin, u.is_operator, u.password_hash IS NOT NULL AS has_password,
  EXISTS (SELECT 1 FROM user_identities i WHERE i.user_id = u.id) AS has_identity, u.created_at FROM users u`;

/** Staff: made on the screen, or holding any role but 'user'. */
export const isStaff = (row: Pick<OperatorRow, 'is_operator' | 'role' | 'is_admin'>) => row.is_operator || row.role !== 'user' || row.is_admin;

export const isMasterEmail = (email: string, masterEmail: string) => email.trim().toLowerCase() === masterEmail.trim().toLowerCase();

export function toOperatorView(row: OperatorRow, masterEmail: string): OperatorView {
  const role: Role = row.is_admin ? 'admin' : row.role;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role,
    isAdmin: role === 'admin',
    is_master: isMasterEmail(row.email, masterEmail),
    invitation_pending: !row.has_password && !row.has_identity,
    created_at: row.created_at.toISOString(),
  };
}

/** Every operator, the master first, then by name (the spec fetches them all, no paging). */
export async function listOperators(db: Queryable, masterEmail: string): Promise<OperatorRow[]> {
  const { rows } = await db.query<OperatorRow>(
    `${SELECT} WHERE u.is_operator OR u.role <> 'user' OR u.is_admin ORDER BY lower(u.email) = $1 DESC, lower(u.name), u.email`,
    [masterEmail.toLowerCase()],
  );
  return rows;
}

/** The account (operator or not), locked for the rest of the transaction when `forUpdate`. */
export async function accountById(db: Queryable, id: string, forUpdate = false): Promise<OperatorRow | null> {
  const { rows } = await db.query<OperatorRow>(`${SELECT} WHERE u.id = $1${forUpdate ? ' FOR UPDATE OF u' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function accountByEmail(db: Queryable, email: string, forUpdate = false): Promise<OperatorRow | null> {
  const { rows } = await db.query<OperatorRow>(`${SELECT} WHERE lower(u.email) = $1${forUpdate ? ' FOR UPDATE OF u' : ''}`, [email.trim().toLowerCase()]);
  return rows[0] ?? null;
}

const emailTaken = (error: unknown) => error instanceof DatabaseError && error.code === '23505' && error.constraint === 'users_email_lower_key';

/** A new account with no password: it signs in once the invitation's link sets one. */
export async function insertOperatorAccount(
  db: Queryable,
  input: { id: string; name: string; email: string; phone: string | null; role: Role },
): Promise<void> {
  try {
    await db.query(
      `INSERT INTO users (id, name, email, phone, password_hash, role, is_admin, is_operator) VALUES ($1, $2, $3, $4, NULL, $5, $5 = 'admin', true)`,
      [input.id, input.name, input.email, input.phone, input.role],
    );
  } catch (error) {
    // The unique index decides a race between two admins adding the same e-mail.
    if (emailTaken(error)) throw conflict('email_taken', 'E-mail já cadastrado');
    throw error;
  }
}

export interface OperatorChanges {
  name?: string;
  email?: string;
  phone?: string | null;
  role?: Role;
  /** Removal clears it; adding an existing account sets it. */
  is_operator?: boolean;
}

/** Writes the fields given; the role also sets is_admin (spec §6); a new e-mail is not confirmed yet. */
export async function updateOperatorAccount(db: Queryable, id: string, changes: OperatorChanges): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (changes.name !== undefined) set('name', changes.name);
  if (changes.phone !== undefined) set('phone', changes.phone);
  if (changes.email !== undefined) {
    set('email', changes.email);
    sets.push('email_confirmed_at = NULL');
  }
  if (changes.role !== undefined) {
    set('role', changes.role);
    sets.push(`is_admin = ($${values.length} = 'admin')`);
  }
  if (changes.is_operator !== undefined) set('is_operator', changes.is_operator);
  if (sets.length === 0) return;
  try {
    await db.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, values);
  } catch (error) {
    if (emailTaken(error)) throw conflict('email_taken', 'E-mail já cadastrado');
    throw error;
  }
}

/**
 * Puts an account back as `before` was (its role, is_admin with it, operator flag, name, e-mail,
 * phone); with no `before`, deletes the account the change made. Sessions ended meanwhile stay ended.
 */
export async function restoreAccount(db: Queryable, id: string, before: OperatorRow | null): Promise<void> {
  if (!before) {
    await db.query('DELETE FROM users WHERE id = $1 AND password_hash IS NULL', [id]);
    return;
  }
  await db.query('UPDATE users SET name = $2, email = $3, phone = $4, role = $5, is_admin = $6, is_operator = $7, updated_at = now() WHERE id = $1', [
    id,
    before.name,
    before.email,
    before.phone,
    before.role,
    before.is_admin,
    before.is_operator,
  ]);
}
