// One-time links mailed to an account (password recovery, e-mail confirmation), table
// account_tokens (migration 0018, ADR 0012). A link carries two halves: a selector (the row's id)
// and a secret of 32 random bytes of which only a SHA-256 is stored. Issuing replaces the
// account's previous token of that purpose, so only the newest link works; consuming deletes it
// in the same statement that checks it, so a link works once even under concurrent use.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from './tokens.js';

export type AccountTokenPurpose = 'recovery' | 'confirmation' | 'invitation';

export interface AccountToken {
  selector: string;
  secret: string;
}

/** Lifetimes: a recovery link for 1 hour (issue 10), a confirmation link for 24 hours, an operator's invitation for 7 days. */
export const TOKEN_TTL_MS: Record<AccountTokenPurpose, number> = { recovery: 3_600_000, confirmation: 86_400_000, invitation: 7 * 86_400_000 };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function issueAccountToken(db: Queryable, userId: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountToken> {
  const token = { selector: randomUUID(), secret: randomBytes(32).toString('base64url') };
  await db.query(
    `INSERT INTO account_tokens (id, user_id, purpose, secret_hash, expires_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, purpose) DO UPDATE SET id = excluded.id, secret_hash = excluded.secret_hash,
       expires_at = excluded.expires_at, created_at = now()`,
    [token.selector, userId, purpose, sha256(token.secret), new Date(now.getTime() + TOKEN_TTL_MS[purpose])],
  );
  return token;
}

/** The account a live token belongs to, without using it up; null when unknown, replaced or expired. */
export async function peekAccountToken(db: Queryable, purpose: AccountTokenPurpose, token: AccountToken, now: Date): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    'SELECT user_id FROM account_tokens WHERE id = $1 AND purpose = $2 AND secret_hash = $3 AND expires_at > $4',
    [token.selector, purpose, sha256(token.secret), now],
  );
  return rows[0]?.user_id ?? null;
}

/** Uses the token up: its account, or null when unknown, already used, replaced or expired. */
export async function consumeAccountToken(db: Queryable, purpose: AccountTokenPurpose, token: AccountToken, now: Date): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    'DELETE FROM account_tokens WHERE id = $1 AND purpose = $2 AND secret_hash = $3 AND expires_at > $4 RETURNING user_id',
    [token.selector, purpose, sha256(token.secret), now],
  );
  return rows[0]?.user_id ?? null;
}

/** Drops an account's live token of one purpose (an operator removed before accepting the invitation). */
export async function revokeAccountToken(db: Queryable, userId: string, purpose: AccountTokenPurpose): Promise<void> {
  await db.query('DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
}

/** Whether the account has a live token of that purpose (an invitation not yet accepted). */
export async function hasLiveAccountToken(db: Queryable, userId: string, purpose: AccountTokenPurpose, now: Date): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM account_tokens WHERE user_id = $1 AND purpose = $2 AND expires_at > $3', [userId, purpose, now]);
  return (rowCount ?? 0) > 0;
}
