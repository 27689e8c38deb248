import { AuthErrors } from '../../contract/auth/auth-endpoints.js';
import { createHash } from 'node:crypto';
import { clientAddressKey } from './client-address.js';
import { RetryLaterError } from '../http/errors.js';
import type { Queryable } from './tokens.js';
import { normalizeEmail } from './users.js';

// Failed-login limits shared by every API process through PostgreSQL (table login_throttle).
// An attempt *claims* a failure before the password is checked, in one upsert that also decides
// whether the attempt may go ahead: concurrent requests cannot all slip past the check, and a
// refused attempt costs one statement and no argon2 work. A success gives the claim back.
// Within the free failures no delay applies, so concurrent attempts whose clocks arrive out of
// order (a request stamped earlier than the last claim) are not refused.

export interface ThrottlePolicy {
  /** Failures are counted in fixed windows of this length, starting at the first failure. */
  windowSeconds: number;
  /** Failures allowed per window; then attempts wait for the window to end. */
  maxFailures: number;
  /** Failures allowed without delay; each further attempt waits 2^(failures - free) s after the last. */
  freeFailures: number;
  /** Cap on that delay, so the real owner never waits longer than this for the next try. */
  maxDelaySeconds: number;
}

/** Per account (normalized e-mail, existing or not): 100 failures an hour, growing delays after 5. */
export const ACCOUNT_POLICY: ThrottlePolicy = { windowSeconds: 3600, maxFailures: 100, freeFailures: 5, maxDelaySeconds: 60 };
/** Per client address (IPv4, or IPv6 /64) across e-mails: 20 failures per 10 minutes, no delays. */
export const ADDRESS_POLICY: ThrottlePolicy = { windowSeconds: 600, maxFailures: 20, freeFailures: 20, maxDelaySeconds: 0 };

export interface LoginAttempt {
  /** The password was right: clears the account's failures and gives the address its claim back. */
  succeeded(): Promise<void>;
  /** The attempt was not judged (server busy, database error): gives both claims back. */
  abandoned(): Promise<void>;
}

export interface LoginThrottle {
  /**
   * Claims a failure for the account and the address, or throws a 429 RetryLaterError. trustedKey
   * names a device or address the account signed in from before (known-devices.ts): its failures
   * are counted in a bucket of its own, under the same policy, instead of the account's, so
   * strangers failing the password cannot lock the owner out of a place they used before.
   */
  begin(email: string, ip: string, now: Date, trustedKey?: string | null): Promise<LoginAttempt>;
}

const ACCOUNT_MESSAGE = (seconds: number) =>
  `Muitas tentativas de login para esta conta. Tente novamente em ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`;
const ADDRESS_MESSAGE = AuthErrors.throttledAddress.message;

// Parameters: $1 key, $2 now, $3 max failures, $4 free failures, $5 max delay s, $6 window s.
const DELAY = `make_interval(secs => CASE WHEN t.failures < $4::int THEN 0
                 ELSE least($5::float8, power(2, t.failures - $4::int)) END)`;
const CLAIM = `
  INSERT INTO login_throttle AS t (key, failures, window_ends_at, last_failure_at)
  VALUES ($1, 1, $2::timestamptz + make_interval(secs => $6::float8), $2::timestamptz)
  ON CONFLICT (key) DO UPDATE SET
    failures = CASE WHEN t.window_ends_at <= $2::timestamptz THEN 1 ELSE t.failures + 1 END,
    window_ends_at = CASE WHEN t.window_ends_at <= $2::timestamptz THEN excluded.window_ends_at ELSE t.window_ends_at END,
    last_failure_at = greatest(t.last_failure_at, $2::timestamptz)
  WHERE t.window_ends_at <= $2::timestamptz
     OR (t.failures < $3::int AND (t.failures < $4::int OR t.last_failure_at + ${DELAY} <= $2::timestamptz))
  RETURNING failures`;
// Only after a refusal: how long until the next attempt would be let through.
const WAIT = `
  SELECT extract(epoch FROM CASE WHEN t.failures >= $3::int THEN t.window_ends_at
                                 ELSE t.last_failure_at + ${DELAY} END - $2::timestamptz)::float8 AS seconds
    FROM login_throttle t WHERE key = $1`;
const REFUND = 'UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE key = $1';
const CLEAR = 'DELETE FROM login_throttle WHERE key = $1';
const PRUNE = 'DELETE FROM login_throttle WHERE window_ends_at <= $1';
const PRUNE_EVERY = 100; // claims in this process between two prunes of finished windows

const keyOf = (kind: 'account' | 'address' | 'trusted', value: string) => createHash('sha256').update(`${kind}:${value}`).digest('hex');

export function createLoginThrottle(db: Queryable, policies: { account?: ThrottlePolicy; address?: ThrottlePolicy } = {}): LoginThrottle {
  const account = policies.account ?? ACCOUNT_POLICY;
  const address = policies.address ?? ADDRESS_POLICY;
  let claims = 0;

  const decision = (key: string, now: Date, p: ThrottlePolicy) => [key, now, p.maxFailures, p.freeFailures, p.maxDelaySeconds];

  /** Claims one failure; null when allowed, else the whole seconds to wait (at least 1). */
  async function claim(key: string, now: Date, policy: ThrottlePolicy): Promise<number | null> {
    if (++claims % PRUNE_EVERY === 0) await db.query(PRUNE, [now]);
    const claimed = await db.query(CLAIM, [...decision(key, now, policy), policy.windowSeconds]);
    if (claimed.rowCount) return null;
    const { rows } = await db.query<{ seconds: number }>(WAIT, decision(key, now, policy));
    return Math.max(1, Math.ceil(rows[0]?.seconds ?? 1));
  }

  return {
    async begin(email, ip, now, trustedKey) {
      const addressKey = keyOf('address', clientAddressKey(ip));
      const accountKey = trustedKey ? keyOf('trusted', trustedKey) : keyOf('account', normalizeEmail(email));
      const addressWait = await claim(addressKey, now, address);
      if (addressWait !== null) throw new RetryLaterError(429, 'login_throttled_address', ADDRESS_MESSAGE, addressWait);
      const accountWait = await claim(accountKey, now, account);
      if (accountWait !== null) {
        await db.query(REFUND, [addressKey]); // refused before any check: not a failure of this address
        throw new RetryLaterError(429, 'login_throttled', ACCOUNT_MESSAGE(accountWait), accountWait);
      }
      return {
        async succeeded() {
          // From a trusted place this clears only that place's bucket: the strangers' failures on
          // the account stay counted against strangers.
          await db.query(CLEAR, [accountKey]);
          await db.query(REFUND, [addressKey]);
        },
        async abandoned() {
          await db.query(REFUND, [accountKey]);
          await db.query(REFUND, [addressKey]);
        },
      };
    },
  };
}
