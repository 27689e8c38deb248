import type pg from 'pg';
import { DatabaseError } from 'pg';
import { withTransaction } from '../../infra/db/pool.js';
import { endSessions } from './session-epochs.js';
import { conflict } from '../http/errors.js';
import { hashPassword } from './passwords.js';
import type { Queryable } from './tokens.js';
import type { AuthUser, Role } from './types.js';
import { newId } from '../../commands/new-id.js';

export type UserRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  password_hash: string | null;
  role: Role;
  is_admin: boolean;
  avatar_url: string | null;
  created_at: Date;
  updated_at: Date;
  /** Moves whenever the account's sessions end (api/auth/session-epochs.ts); access tokens carry it. */
  session_epoch: number;
} & ProfileColumns;

/** The profile fields of the User entity (spec §3) beyond the sign-up ones (migration 0016). */
export type ProfileColumns = {
  rg: string | null;
  cpf: string | null;
  cnpj: string | null;
  address: string | null;
  address_number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  partner_id: string | null;
  hide_publics: boolean;
};

/** The user as the web client stores it (spec, section 3: User client shape). */
export type ClientUser = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  isAdmin: boolean;
  avatar_url: string | null;
  hidePublics: boolean;
} & Omit<ProfileColumns, 'hide_publics'>;

export type NewUser = {
  name: string;
  email: string;
  phone: string | null;
  /** null for accounts that never sign in with a password (social sign-in, invited operators). */
  password: string | null;
  role?: Role;
};

export const PROFILE_COLUMNS = 'rg, cpf, cnpj, address, address_number, complement, neighborhood, city, state, postal_code, partner_id, hide_publics';
export const COLUMNS = `id, name, email, phone, password_hash, role, is_admin, avatar_url, created_at, updated_at, session_epoch, ${PROFILE_COLUMNS}`;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function createUser(db: Queryable, input: NewUser): Promise<UserRow> {
  const role = input.role ?? 'user';
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  try {
    const { rows } = await db.query<UserRow>(
      `INSERT INTO users (id, name, email, phone, password_hash, role, is_admin)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      // is_admin mirrors the role at creation (spec: is_admin true only for 'admin').
      [newId(), input.name.trim(), normalizeEmail(input.email), input.phone, passwordHash, role, role === 'admin'],
    );
    return rows[0] as UserRow; // INSERT … RETURNING yields exactly one row
  } catch (error) {
    // The unique index, not a prior SELECT, decides: two concurrent sign-ups cannot both win.
    if (error instanceof DatabaseError && error.code === '23505' && error.constraint === 'users_email_lower_key') {
      throw conflict('email_taken', 'E-mail já cadastrado');
    }
    throw error;
  }
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = $1`, [normalizeEmail(email)]);
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Replaces the password and ends every session of the account (refresh and access tokens). */
export async function setPassword(db: pg.Pool, id: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await withTransaction(db, async (client) => {
    await client.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
    await endSessions(client, id);
  });
}

/** Stores the phone (digits only, already validated); null when the user no longer exists. */
export async function updatePhone(db: Queryable, id: string, phone: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`UPDATE users SET phone = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`, [id, phone]);
  return rows[0] ?? null;
}

export function toClientUser(row: UserRow): ClientUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    // Spec: the client's role reads 'admin' whenever is_admin is set.
    role: row.is_admin ? 'admin' : row.role,
    isAdmin: row.is_admin || row.role === 'admin',
    avatar_url: row.avatar_url,
    rg: row.rg,
    cpf: row.cpf,
    cnpj: row.cnpj,
    address: row.address,
    address_number: row.address_number,
    complement: row.complement,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state,
    postal_code: row.postal_code,
    partner_id: row.partner_id,
    hidePublics: row.hide_publics,
  };
}

export function toAuthUser(row: UserRow): AuthUser {
  return { id: row.id, role: row.role, isAdmin: row.is_admin || row.role === 'admin', name: row.name, email: row.email, sessionEpoch: row.session_epoch };
}
