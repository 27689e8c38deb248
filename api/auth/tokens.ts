import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type pg from 'pg';
import { z } from 'zod';
import { withTransaction } from '../../infra/db/pool.js';
import { issueRefresh, rotateRefresh, type IssuedRefresh, type RefreshSettings } from './refresh-tokens.js';
import { ROLES, type AuthUser } from './types.js';

export type { IssuedRefresh } from './refresh-tokens.js';

const ISSUER = 'hub';
const AUDIENCE = 'hub-api';

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type Queryable = pg.Pool | pg.PoolClient;

export type TokenServiceOptions = {
  /** Access-token lifetime. Default 900 (15 min); ending sessions stops them sooner (session-epochs.ts). */
  accessTtlSeconds?: number;
  /** Refresh-token lifetime. Default 30 days. */
  refreshTtlSeconds?: number;
  /** How long a rotated refresh token still gives its successor (two tabs at once). Default 30 s. */
  refreshGraceSeconds?: number;
  /** Clock in epoch milliseconds; injectable so tests can mint already-expired tokens. */
  now?: () => number;
};

export type IssuedAccess = { token: string; expiresAt: number; expiresIn: number };

export type TokenService = {
  readonly accessTtlSeconds: number;
  issueAccess(user: AuthUser): Promise<IssuedAccess>;
  verifyAccess(token: string): Promise<AuthUser | null>;
  issueRefresh(db: Queryable, userId: string): Promise<IssuedRefresh>;
  /**
   * Exchanges a live refresh token for its successor (within a 30 s grace after a rotation, the
   * same successor again); null when unknown, expired, ended, or reused after the grace.
   */
  rotateRefresh(pool: pg.Pool, token: string): Promise<{ userId: string; refresh: IssuedRefresh } | null>;
  /** A MAC of value (base64url) under a key derived from the secret for this purpose alone (device cookies). */
  mac(purpose: string, value: string): string;
};

// Claims are checked after the signature: a token signed by us with an unexpected shape
// (e.g. from an older release) is treated as invalid rather than trusted partially.
const claimsSchema = z.object({
  sub: z.string().min(1),
  role: z.enum(ROLES),
  adm: z.boolean(),
  name: z.string(),
  email: z.string(),
  // The account's session epoch at issue: the guard refuses the token once the epoch has moved.
  sep: z.number().int().nonnegative(),
});

export function createTokenService(secret: Uint8Array, opts: TokenServiceOptions = {}): TokenService {
  // HS256 is only as strong as its key; refuse short secrets instead of signing weakly.
  if (secret.byteLength < 32) throw new Error('Auth secret must be at least 32 bytes');
  const accessTtlSeconds = opts.accessTtlSeconds ?? 900;
  const now = opts.now ?? Date.now;
  const nowSeconds = () => Math.floor(now() / 1000);

  const refresh: RefreshSettings = {
    // Its own key, derived from the secret, so successors and access tokens never share one.
    secret: createHmac('sha256', secret).update('hub/refresh-successor-key').digest(),
    ttlSeconds: opts.refreshTtlSeconds ?? 30 * 24 * 3600,
    graceSeconds: opts.refreshGraceSeconds ?? 30,
    nowSeconds,
  };

  return {
    accessTtlSeconds,
    issueRefresh: (db, userId) => issueRefresh(db, userId, refresh),

    async issueAccess(user) {
      const iat = nowSeconds();
      const expiresAt = iat + accessTtlSeconds;
      const token = await new SignJWT({ role: user.role, adm: user.isAdmin, name: user.name, email: user.email, sep: user.sessionEpoch })
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
        const { sub, role, adm, name, email, sep } = claims.data;
        return { id: sub, role, isAdmin: adm, name, email, sessionEpoch: sep };
      } catch {
        return null; // bad signature, expired, malformed: all simply "not authenticated"
      }
    },

    mac: (purpose, value) =>
      createHmac('sha256', createHmac('sha256', secret).update(`hub/${purpose}-key`).digest())
        .update(value)
        .digest('base64url'),

    rotateRefresh: (pool, token) => withTransaction(pool, (client) => rotateRefresh(client, token, refresh)),
  };
}
