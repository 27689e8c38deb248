// The one-time code that carries a finished social sign-in from the API's callback to the web
// app, which exchanges it (POST) for a session: tokens never travel in a URL.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { sha256 } from './browser-binding.js';

export const HANDOFF_TTL_SECONDS = 60;

export async function issueHandoff(db: pg.Pool, userId: string): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.query('DELETE FROM social_login_handoffs WHERE expires_at < now()');
  await db.query('INSERT INTO social_login_handoffs (code_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))', [
    sha256(code),
    userId,
    HANDOFF_TTL_SECONDS,
  ]);
  return code;
}

/** The user the code signs in, once; null for an unknown, used or expired code. */
export async function redeemHandoff(db: pg.Pool, code: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string; live: boolean }>(
    'DELETE FROM social_login_handoffs WHERE code_hash = $1 RETURNING user_id, expires_at > now() AS live',
    [sha256(code)],
  );
  return rows[0]?.live ? rows[0].user_id : null;
}
