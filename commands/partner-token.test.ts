import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPartnerToken, newPartnerToken } from './partner-token.js';

describe('partner tokens', () => {
  it('are 32 random bytes behind a prefix, kept as their SHA-256 hash and a 4-character hint', () => {
    const a = newPartnerToken();
    const b = newPartnerToken();
    expect(a.token).toMatch(/^hubp_[\w-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.tokenHash).toBe(createHash('sha256').update(a.token).digest('hex'));
    expect(a.tokenHash).toBe(hashPartnerToken(a.token));
    expect(a.tokenHash).not.toContain(a.token.slice(5));
    expect(a.hint).toBe(a.token.slice(-4));
  });

  it('a sandbox token says so in its prefix and is as random as a live one', () => {
    const s = newPartnerToken('sandbox');
    expect(s.token).toMatch(/^hubp_test_[\w-]{43}$/);
    expect(s.tokenHash).toBe(hashPartnerToken(s.token));
    expect(s.hint).toBe(s.token.slice(-4));
    expect(newPartnerToken('live').token).not.toMatch(/^hubp_test_/);
  });
});
