// Ending an account's sessions at once, in every API process (issue 24 item 7). Access tokens are
// stateless JWTs that live 15 minutes; each carries the account's session epoch at issue
// (users.session_epoch, migration 0025), and the auth guard accepts one only while the account
// still exists with that epoch. Ending the sessions (role change, password reset, sign-out,
// erasure, refresh-token reuse) bumps the epoch, revokes every refresh token and NOTIFYs
// hub_sessions in the same transaction, so the notification leaves only if the change commits.
//
// Each process keeps the epochs it has looked up in a cache that hub_sessions invalidates, so an
// authenticated request costs no query when its account was seen in the last minute. The cache is
// trusted only while the pool's LISTEN connection is up (infra/eventstore/pg-wakeups.ts): a
// (re)connect empties it, since notifications sent meanwhile are lost, and without it (embedded
// PGlite, one process, which delivers no notifications) every lookup goes to the database. Entries
// also expire after a minute, which bounds what a connection that silently stopped delivering
// could keep stale.
import type pg from 'pg';
import { Lru } from '../../commands/lru.js';
import { wakeupsFor } from '../../infra/eventstore/pg-wakeups.js';
import type { Queryable } from './tokens.js';

const CACHE_MAX = 50_000;
const CACHE_TTL_MS = 60_000;

/**
 * Ends every session of the account: a new epoch (its access tokens stop working), its refresh
 * tokens revoked, and every API process told. Run it inside the transaction that makes the change.
 */
export async function endSessions(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `WITH revoked AS (UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL),
          bumped AS (UPDATE users SET session_epoch = session_epoch + 1 WHERE id = $1)
     SELECT pg_notify('hub_sessions', $2)`,
    [userId, userId],
  );
}

export interface SessionEpochs {
  /** The account's current session epoch; null when the account no longer exists. */
  current(userId: string): Promise<number | null>;
  close(): Promise<void>;
}

export function createSessionEpochs(db: pg.Pool): SessionEpochs {
  const wakeups = wakeupsFor(db);
  const stopListening = wakeups.listen();
  const cache = new Lru<string, { epoch: number | null; at: number }>(CACHE_MAX);
  // Every notification moves this: a lookup that began before one may have read the old epoch,
  // so its answer is used for its request but neither cached nor shared with later ones.
  let generation = 0;
  const inFlight = new Map<string, { generation: number; epoch: Promise<number | null> }>();
  const stopWatching = wakeups.on('hub_sessions', (userId) => {
    generation++;
    if (userId) cache.delete(userId);
    else cache.clear(); // a (re)connect: anything may have been missed
  });

  function lookup(userId: string): Promise<number | null> {
    const started = generation;
    const epoch = db
      .query<{ session_epoch: number }>('SELECT session_epoch FROM users WHERE id = $1', [userId])
      .then(({ rows }) => {
        const value = rows[0]?.session_epoch ?? null;
        if (generation === started && wakeups.listening) cache.set(userId, { epoch: value, at: Date.now() });
        return value;
      })
      .finally(() => {
        if (inFlight.get(userId)?.epoch === epoch) inFlight.delete(userId);
      });
    inFlight.set(userId, { generation: started, epoch });
    return epoch;
  }

  return {
    current(userId) {
      if (wakeups.listening) {
        const hit = cache.get(userId);
        if (hit && Date.now() - hit.at < CACHE_TTL_MS) return Promise.resolve(hit.epoch);
      }
      const running = inFlight.get(userId);
      return running && running.generation === generation ? running.epoch : lookup(userId);
    },
    async close() {
      stopWatching();
      await stopListening();
    },
  };
}
