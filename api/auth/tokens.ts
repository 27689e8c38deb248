import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type pg from 'pg';
import { z } from 'zod';
import { withTransaction } from '../../infra/db/pool.js';
import { ROLES, type AuthUser } from './types.js';

const ISSUER = 'hub';
const AUDIENCE = 'hub-api';

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type Queryable = pg.Pool | pg.PoolClient;

export type TokenServiceOptions = {
  /** Access-token lifetime; short because access tokens cannot be revoked. Default 900 (15 min). */
  accessTtlSeconds?: number;
  /** Refresh-token lifetime. Default 30 days. */
  refreshTtlSeconds?: number;
  /** Clock in epoch milliseconds; injectable so tests can mint already-expired tokens. */
  now?: () => number;
};

export type IssuedAccess = { token: string; expiresAt: number; expiresIn: number };
export type IssuedRefresh = { token: string; expiresAt: number };

export type TokenService = {
  readonly accessTtlSeconds: number;
  issueAccess(user: AuthUser): Promise<IssuedAccess>;
  verifyAccess(token: string): Promise<AuthUser | null>;
  issueRefresh(db: Queryable, userId: string): Promise<IssuedRefresh>;
  /** Exchanges a live refresh token for a new one; null when unknown, expired or reused. */
  rotateRefresh(pool: pg.Pool, token: string): Promise<{ userId: string; refresh: IssuedRefresh } | null>;
  revokeAllRefresh(db: Queryable, userId: string): Promise<void>;
};

// Claims are checked after the signature: a token signed by us with an unexpected shape
// (e.g. from an older release) is treated as invalid rather than trusted partially.
const claimsSchema = z.object({
  sub: z.string().min(1),
  role: z.enum(ROLES),
  adm: z.boolean(),
  name: z.string(),
  email: z.string(),
});

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export function createTokenService(secret: Uint8Array, opts: TokenServiceOptions = {}): TokenService {
  // HS256 is only as strong as its key; refuse short secrets instead of signing weakly.
  if (secret.byteLength < 32) throw new Error('Auth secret must be at least 32 bytes');
  const accessTtlSeconds = opts.accessTtlSeconds ?? 900;
  const refreshTtlSeconds = opts.refreshTtlSeconds ?? 30 * 24 * 3600;
  const now = opts.now ?? Date.now;
  const nowSeconds = () => Math.floor(now() / 1000);

  async function issueRefresh(db: Queryable, userId: string): Promise<IssuedRefresh> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = nowSeconds() + refreshTtlSeconds;
    await db.query(
      'INSERT INTO refresh_tokens (id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, to_timestamp($4))',
      [randomUUID(), userId, sha256(token), expiresAt],
    );
    return { token, expiresAt };
  }

  async function revokeAllRefresh(db: Queryable, userId: string): Promise<void> {
    await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
      userId,
    ]);
  }

  return {
    accessTtlSeconds,
    issueRefresh,
    revokeAllRefresh,

    async issueAccess(user) {
      const iat = nowSeconds();
      const expiresAt = iat + accessTtlSeconds;
      const token = await new SignJWT({ role: user.role, adm: user.isAdmin, name: user.name, email: user.email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(expiresAt)
        .sign(secret);
      return { token, expiresAt, expiresIn: accessTtlSeconds };
    },

    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub'],
          currentDate: new Date(now()),
        });
        const claims = claimsSchema.safeParse(payload);
        if (!claims.success) return null;
        const { sub, role, adm, name, email } = claims.data;
        return { id: sub, role, isAdmin: adm, name, email };
      } catch {
        return null; // bad signature, expired, malformed: all simply "not authenticated"
      }
    },

    async rotateRefresh(pool, token) {
      return withTransaction(pool, async (client) => {
        // FOR UPDATE serialises concurrent refreshes of the same token: only one can win.
        const { rows } = await client.query<{ id: string; user_id: string; expired: boolean; revoked: boolean }>(
          `SELECT id, user_id, expires_at <= to_timestamp($2) AS expired, revoked_at IS NOT NULL AS revoked
             FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
          [sha256(token), nowSeconds()],
        );
        const row = rows[0];
        if (!row) return null;
        if (row.revoked) {
          // A rotated-away token came back: it was stolen or replayed. Kill the whole family so
          // whoever holds the newer token must sign in again. The transaction commits this.
          await revokeAllRefresh(client, row.user_id);
          return null;
        }
        if (row.expired) return null;
        await client.query('UPDATE refresh_tokens SET revoked_at = now() WHERE id = $1', [row.id]);
        return { userId: row.user_id, refresh: await issueRefresh(client, row.user_id) };
      });
    },
  };
}
