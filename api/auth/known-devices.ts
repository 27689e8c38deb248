// Where the owner of an account signed in before (issue 24 item 9), so that an attacker who fails
// the password from many addresses locks only strangers out: a device that signed in (an HttpOnly
// cookie signed by the server, as in OWASP's "device cookies") or an address that did (kept as a
// hash, table login_known_addresses, migration 0025) gets a failed-login bucket of its own instead
// of the account's shared one, and skips the per-e-mail limit on recovery mail. Unknown devices
// still meet the per-account limit. ADR 0015.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientAddressKey } from './client-address.js';
import type { Queryable, TokenService } from './tokens.js';
import { normalizeEmail } from './users.js';

const COOKIE_PREFIX = 'hub_device_';
const COOKIE_PATH = '/api/auth'; // login and recovery; never sent to any other route
const LIFETIME_SECONDS = 365 * 24 * 3600;
const ADDRESS_MEMORY = '90 days';
const VALUE = /^([\w-]{22})\.(\d{1,12})\.([\w-]{43})$/;

/** What the login and recovery routes know about the caller's device and address for an e-mail. */
export interface KnownSource {
  /** The account with that e-mail, if any. */
  userId: string | null;
  /**
   * The failed-login bucket this caller signs in under when it is a device or address the account
   * signed in from before ('device:…' / 'address:…'); null: the account's shared bucket.
   */
  trustedKey: string | null;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const addressKey = (ip: string) => sha256(`address:${clientAddressKey(ip)}`);

export function createKnownDevices(db: Queryable, tokens: TokenService, opts: { secureCookies: boolean; now: () => Date }) {
  // One cookie per account (its name a MAC of the id, so several people can share a browser);
  // its value names the device and is signed for that account alone.
  const cookieName = (userId: string) => COOKIE_PREFIX + tokens.mac('device-name', userId).slice(0, 16);
  const signature = (userId: string, deviceId: string, issuedAt: string) => tokens.mac('device', `${userId}.${deviceId}.${issuedAt}`);

  function trustedDevice(request: FastifyRequest, userId: string): string | null {
    const name = cookieName(userId);
    for (const part of (request.headers.cookie ?? '').split(';')) {
      const at = part.indexOf('=');
      if (part.slice(0, at).trim() !== name) continue;
      const match = VALUE.exec(part.slice(at + 1).trim());
      if (!match) return null;
      const [, deviceId, issuedAt, mac] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(signature(userId, deviceId, issuedAt));
      if (expected.length !== mac.length || !timingSafeEqual(expected, Buffer.from(mac))) return null;
      const age = opts.now().getTime() / 1000 - Number(issuedAt);
      return age >= 0 && age < LIFETIME_SECONDS ? deviceId : null;
    }
    return null;
  }

  return {
    /** One statement for any e-mail, with an account or not, so the answer's time says nothing. */
    async identify(request: FastifyRequest, email: string): Promise<KnownSource> {
      const { rows } = await db.query<{ id: string; known_address: boolean }>(
        `SELECT u.id, EXISTS (SELECT 1 FROM login_known_addresses k WHERE k.user_id = u.id AND k.address_key = $2) AS known_address
           FROM users u WHERE lower(u.email) = $1`,
        [normalizeEmail(email), addressKey(request.ip)],
      );
      const row = rows[0];
      if (!row) return { userId: null, trustedKey: null };
      const device = trustedDevice(request, row.id);
      if (device) return { userId: row.id, trustedKey: `device:${row.id}:${device}` };
      return { userId: row.id, trustedKey: row.known_address ? `address:${row.id}:${addressKey(request.ip)}` : null };
    },

    /** After a successful password sign-in: this device gets (or keeps) its cookie, this address is remembered. */
    async remember(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
      await db.query(
        `WITH forgotten AS (DELETE FROM login_known_addresses WHERE user_id = $1 AND address_key <> $2 AND last_seen_at < now() - interval '${ADDRESS_MEMORY}')
         INSERT INTO login_known_addresses (user_id, address_key, last_seen_at) VALUES ($1, $2, now())
         ON CONFLICT (user_id, address_key) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
        [userId, addressKey(request.ip)],
      );
      const deviceId = trustedDevice(request, userId) ?? randomBytes(16).toString('base64url');
      const issuedAt = String(Math.floor(opts.now().getTime() / 1000));
      const value = `${deviceId}.${issuedAt}.${signature(userId, deviceId, issuedAt)}`;
      const secure = opts.secureCookies ? '; Secure' : '';
      void reply.header('set-cookie', `${cookieName(userId)}=${value}; Path=${COOKIE_PATH}; Max-Age=${LIFETIME_SECONDS}; HttpOnly; SameSite=Strict${secure}`);
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
