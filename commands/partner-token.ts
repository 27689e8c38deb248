import { createHash, randomBytes } from 'node:crypto';

// A partner's API token: 32 random bytes (256 bits), base64url, with a prefix that makes a leaked
// token recognisable in logs and secret scanners. Hub stores only its SHA-256 hash: with that much
// entropy a plain hash cannot be reversed or brute-forced, so no salt or slow hash is needed, and
// a lookup by hash is one index probe per request. A sandbox token (issue 27 item 5) is the same
// secret behind `hubp_test_`, so a test key in a log or a config file says so at a glance.

export const PARTNER_TOKEN_PREFIX = 'hubp_';
export const SANDBOX_TOKEN_PREFIX = 'hubp_test_';

/** 'live' runs against real Hubs; 'sandbox' against simulated ones (domain/sandbox/). */
export type PartnerTokenKind = 'live' | 'sandbox';

export const hashPartnerToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export function newPartnerToken(kind: PartnerTokenKind = 'live'): { token: string; tokenHash: string; hint: string } {
  const token = (kind === 'sandbox' ? SANDBOX_TOKEN_PREFIX : PARTNER_TOKEN_PREFIX) + randomBytes(32).toString('base64url');
  return { token, tokenHash: hashPartnerToken(token), hint: token.slice(-4) };
}
