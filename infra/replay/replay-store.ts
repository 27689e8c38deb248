import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';

// Signatures a Hub's controller already used, remembered by every API process alike, so a
// captured request cannot be sent again within its timestamp window (ADR 0008).

export interface ReplayStore {
  /** True the first time `key` is seen within `ttlSeconds` of `now`; false for a replay. */
  firstSeen(key: string, ttlSeconds: number, now: Date): Promise<boolean>;
  close(): Promise<void>;
}

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

/** Redis SET NX EX: one round trip, expiry by Redis itself. */
export function createRedisReplayStore(redis: Redis, ownsClient = true): ReplayStore {
  return {
    async firstSeen(key, ttlSeconds) {
      return (await redis.set(`hub:controller:seen:${digest(key)}`, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    },
    async close() {
      if (ownsClient) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

const PRUNE_EVERY = 200;

/**
 * PostgreSQL (also PGlite): an insert that takes the key only if it is new or its memory is over.
 * Expired rows are pruned now and then by the writer that happens to pass by.
 */
export function createPostgresReplayStore(db: Pool): ReplayStore {
  let writes = 0;
  return {
    async firstSeen(key, ttlSeconds, now) {
      const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
      const { rowCount } = await db.query(
        `INSERT INTO controller_requests (key, expires_at) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE controller_requests.expires_at <= $3`,
        [digest(key), expiresAt, now],
      );
      if (++writes % PRUNE_EVERY === 0) void db.query('DELETE FROM controller_requests WHERE expires_at <= $1', [now]).catch(() => {});
      return rowCount === 1;
    },
    async close() {},
  };
}
