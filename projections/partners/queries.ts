import type { Queryable } from '../../infra/db/queryable.js';
import { HUBS_TABLE } from '../hubs/queries.js';

// The partners projector's tables as the rest of the code reads them (only this module and the
// projector name them). Every read goes to PostgreSQL per request, never a process-local cache: a
// regenerated token or a deactivated partner counts in every API process once projected.

export interface PartnerRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  cnpj: string;
  company_name: string;
  trading_name: string;
  address: string;
  address_number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  postal_code: string;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
  token_hint: string | null;
  token_issued_at: Date | null;
}

const SELECT_PARTNER = `SELECT p.*, t.hint AS token_hint, t.issued_at AS token_issued_at
  FROM rm_partners p LEFT JOIN rm_partner_tokens t ON t.partner_id = p.id`;

/** Partners by name; `search` matches name, e-mail, razão social or nome fantasia. */
export async function listPartners(db: Queryable, search?: string): Promise<PartnerRow[]> {
  const term = search?.trim();
  if (!term) return (await db.query<PartnerRow>(`${SELECT_PARTNER} ORDER BY p.name, p.id`)).rows;
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await db.query<PartnerRow>(
    `${SELECT_PARTNER} WHERE p.name ILIKE $1 OR p.email ILIKE $1 OR p.company_name ILIKE $1 OR p.trading_name ILIKE $1 ORDER BY p.name, p.id`,
    [like],
  );
  return rows;
}

export async function partnerById(db: Queryable, id: string): Promise<PartnerRow | undefined> {
  const { rows } = await db.query<PartnerRow>(`${SELECT_PARTNER} WHERE p.id = $1`, [id]);
  return rows[0];
}

export interface PartnerUserRow {
  id: string;
  name: string;
  email: string;
  role: string;
  added_at: Date;
}

/** A partner's users, names and e-mails joined from users at query time (never in the log). */
export async function partnerUsers(db: Queryable, partnerId: string): Promise<PartnerUserRow[]> {
  const { rows } = await db.query<PartnerUserRow>(
    `SELECT u.id, u.name, u.email, u.role, pu.added_at FROM rm_partner_users pu JOIN users u ON u.id = pu.user_id
      WHERE pu.partner_id = $1 ORDER BY u.name, u.id`,
    [partnerId],
  );
  return rows;
}

export interface PartnerHubRow {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  description: string;
  added_at: Date;
}

export async function partnerHubs(db: Queryable, partnerId: string): Promise<PartnerHubRow[]> {
  const { rows } = await db.query<PartnerHubRow>(
    `SELECT h.id, h.name, h.address, h.city, h.state, h.description, ph.added_at FROM rm_partner_hubs ph JOIN ${HUBS_TABLE} h ON h.id = ph.hub_id
      WHERE ph.partner_id = $1 ORDER BY h.name, h.id`,
    [partnerId],
  );
  return rows;
}

export interface PartnerByToken {
  id: string;
  name: string;
  company_name: string;
  is_active: boolean;
}

/** The partner whose current token has this SHA-256 hash (hex), or null (unknown or replaced). */
export async function partnerByTokenHash(db: Queryable, tokenHash: string): Promise<PartnerByToken | null> {
  const { rows } = await db.query<PartnerByToken>(
    `SELECT p.id, p.name, p.company_name, p.is_active FROM rm_partner_tokens t JOIN rm_partners p ON p.id = t.partner_id WHERE t.token_hash = $1`,
    [tokenHash],
  );
  return rows[0] ?? null;
}
