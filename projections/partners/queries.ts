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
  sandbox_token_hint: string | null;
  sandbox_token_issued_at: Date | null;
}

const SELECT_PARTNER = `SELECT p.*, t.hint AS token_hint, t.issued_at AS token_issued_at, s.hint AS sandbox_token_hint, s.issued_at AS sandbox_token_issued_at
  FROM rm_partners p LEFT JOIN rm_partner_tokens t ON t.partner_id = p.id LEFT JOIN rm_partner_sandbox_tokens s ON s.partner_id = p.id`;

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
  /** Which of the partner's current tokens this is: its live one or its sandbox one. */
  mode: 'live' | 'sandbox';
}

/** The partner whose current live or sandbox token has this SHA-256 hash (hex), or null (unknown or replaced). */
export async function partnerByTokenHash(db: Queryable, tokenHash: string): Promise<PartnerByToken | null> {
  const { rows } = await db.query<PartnerByToken>(
    `SELECT p.id, p.name, p.company_name, p.is_active, t.mode FROM (
        SELECT partner_id, 'live' AS mode FROM rm_partner_tokens WHERE token_hash = $1
        UNION ALL SELECT partner_id, 'sandbox' AS mode FROM rm_partner_sandbox_tokens WHERE token_hash = $1
      ) t JOIN rm_partners p ON p.id = t.partner_id`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/**
 * The partner a user works for: its memberships (rm_partner_users), the one users.partner_id names
 * first, else the earliest. Null when the account is no partner's member.
 */
export async function partnerIdOfMember(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ partner_id: string }>(
    `SELECT pu.partner_id FROM rm_partner_users pu JOIN users u ON u.id = pu.user_id
      WHERE pu.user_id = $1 ORDER BY (pu.partner_id::text = u.partner_id) DESC NULLS LAST, pu.added_at, pu.partner_id LIMIT 1`,
    [userId],
  );
  return rows[0]?.partner_id ?? null;
}

/** Whether the Hub is assigned to the partner (the partner API books and reads only these). */
export async function partnerHasHub(db: Queryable, partnerId: string, hubId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM rm_partner_hubs WHERE partner_id = $1 AND hub_id = $2', [partnerId, hubId]);
  return rows.length > 0;
}

/** The ids of the partner's Hubs, in order. */
export async function partnerHubIds(db: Queryable, partnerId: string): Promise<string[]> {
  const { rows } = await db.query<{ hub_id: string }>('SELECT hub_id FROM rm_partner_hubs WHERE partner_id = $1 ORDER BY hub_id', [partnerId]);
  return rows.map((r) => r.hub_id);
}

/** True when the user is one of the partner's users (the dashboard's webhooks let them in). */
export async function isPartnerUser(db: Queryable, partnerId: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM rm_partner_users WHERE partner_id = $1 AND user_id = $2', [partnerId, userId]);
  return rowCount === 1;
}
