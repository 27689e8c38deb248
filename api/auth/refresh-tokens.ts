// Refresh tokens: opaque, 32 random bytes, stored only as a SHA-256 (refresh_tokens), rotated on
// every use. A token that comes back after it was rotated away was stolen or replayed, and ends
// every session of the account (reuse detection) — except within a short grace after its
// rotation (issue 24 item 8): two tabs refreshing the same token at once must not sign the user
// out. A caller within the grace gets the very successor the first one got, since a successor is
// derived from its predecessor with a server key instead of drawn at random, so the family stays
// one chain and no second live token appears. ADR 0015.
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { endSessions } from './session-epochs.js';
import type { Queryable } from './tokens.js';

export type IssuedRefresh = { token: string; expiresAt: number };

export interface RefreshSettings {
  /** Key of the successor derivation (derived from the token service's secret). */
  secret: Uint8Array;
  ttlSeconds: number;
  /** How long after its rotation a token still leads to its successor. */
  graceSeconds: number;
  /** The clock, in epoch seconds. */
  nowSeconds: () => number;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
// A chain of rotations inside one grace longer than this is not two tabs; treat it as reuse.
const MAX_GRACE_HOPS = 5;

/** The token that replaces `token`: the same for every caller, unknowable without the secret. */
const successorOf = (secret: Uint8Array, token: string) => createHmac('sha256', secret).update(`refresh-successor:${token}`).digest('base64url');

async function insertRefresh(db: Queryable, userId: string, token: string, expiresAt: number): Promise<void> {
  await db.query('INSERT INTO refresh_tokens (id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, to_timestamp($4))', [
    randomUUID(),
    userId,
    sha256(token),
    expiresAt,
  ]);
}

export async function issueRefresh(db: Queryable, userId: string, settings: RefreshSettings): Promise<IssuedRefresh> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = settings.nowSeconds() + settings.ttlSeconds;
  await insertRefresh(db, userId, token, expiresAt);
  return { token, expiresAt };
}

type TokenRow = { id: string; user_id: string; expires_at: number; expired: boolean; revoked: boolean; rotated: boolean; in_grace: boolean };

/** Locks and reads a token's row; FOR UPDATE serialises concurrent refreshes of the same token. */
async function lockRow(client: Queryable, token: string, settings: RefreshSettings): Promise<TokenRow | undefined> {
  const { rows } = await client.query<TokenRow>(
    `SELECT id, user_id, extract(epoch FROM expires_at)::float8 AS expires_at, expires_at <= to_timestamp($2) AS expired,
            revoked_at IS NOT NULL AS revoked, rotated_at IS NOT NULL AS rotated,
            coalesce(rotated_at > to_timestamp($2) - make_interval(secs => $3), false) AS in_grace
       FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
    [sha256(token), settings.nowSeconds(), settings.graceSeconds],
  );
  return rows[0];
}

/**
 * Exchanges a refresh token for its successor (run inside a transaction): null when unknown,
 * expired, ended (sign-out, password reset, role change) or reused after the grace, which ends
 * every session of the account.
 */
export async function rotateRefresh(client: Queryable, token: string, settings: RefreshSettings): Promise<{ userId: string; refresh: IssuedRefresh } | null> {
  const row = await lockRow(client, token, settings);
  if (!row) return null;
  if (row.revoked) {
    if (!row.rotated) return null; // its sessions were ended: simply dead, nothing was stolen
    if (row.in_grace) return currentSuccessor(client, token, settings);
    // A rotated-away token came back after the grace: stolen or replayed. End every session of
    // the account, refresh and access tokens alike, so whoever holds the newer ones must sign in again.
    await endSessions(client, row.user_id);
    return null;
  }
  if (row.expired) return null;
  await client.query('UPDATE refresh_tokens SET revoked_at = now(), rotated_at = to_timestamp($2) WHERE id = $1', [row.id, settings.nowSeconds()]);
  const next = successorOf(settings.secret, token);
  const expiresAt = settings.nowSeconds() + settings.ttlSeconds;
  await insertRefresh(client, row.user_id, next, expiresAt);
  return { userId: row.user_id, refresh: { token: next, expiresAt } };
}

/** Within the grace: the live token at the end of the chain `token` started, if it is still live. */
async function currentSuccessor(client: Queryable, token: string, settings: RefreshSettings): Promise<{ userId: string; refresh: IssuedRefresh } | null> {
  let current = token;
  for (let hop = 0; hop < MAX_GRACE_HOPS; hop++) {
    current = successorOf(settings.secret, current);
    const row = await lockRow(client, current, settings);
    if (!row || row.expired || (row.revoked && !(row.rotated && row.in_grace))) return null; // ended meanwhile
    if (!row.revoked) return { userId: row.user_id, refresh: { token: current, expiresAt: Math.floor(row.expires_at) } };
  }
  return null;
}
