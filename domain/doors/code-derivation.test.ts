import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codeKeyOf, decodeCodeKey, deriveCode, encodeCodeKey, reservationCode } from './code-derivation.js';

const SECRET = 'a-code-secret-of-at-least-32-characters!!';

describe('code derivation (ADR 0025)', () => {
  it('the key is HMAC(CODE_SECRET, "code-key:" + id) and a code is 6 digits of HMAC(key, kind:n)', () => {
    const key = codeKeyOf(SECRET, 'r-1');
    expect(key.equals(createHmac('sha256', SECRET).update('code-key:r-1').digest())).toBe(true);
    const digest = createHmac('sha256', key).update('access:3').digest();
    expect(deriveCode(key, 'access', 3)).toBe(String(100_000 + (digest.readUInt32BE(0) % 900_000)));
    expect(deriveCode(key, 'access', 3)).toMatch(/^[1-9]\d{5}$/);
  });

  it('is the same from the key (controller) and from the secret (server)', () => {
    const key = decodeCodeKey(encodeCodeKey(codeKeyOf(SECRET, 'r-1')))!;
    for (const n of [0, 1, 7]) {
      expect(deriveCode(key, 'pickup', n)).toBe(reservationCode(SECRET, 'r-1', 'pickup', n));
    }
  });

  it('differs by reservation, kind and index', () => {
    const codes = new Set([
      reservationCode(SECRET, 'r-1', 'access', 0),
      reservationCode(SECRET, 'r-2', 'access', 0),
      reservationCode(SECRET, 'r-1', 'pickup', 0),
      reservationCode(SECRET, 'r-1', 'access', 1),
    ]);
    expect(codes.size).toBe(4);
  });

  it('gives the figures of docs/controller.md', () => {
    const key = codeKeyOf('example-code-secret', 'c4d1e9f0-6a2b-4e3c-8d7f-1b5a9e2c6f30');
    expect(encodeCodeKey(key)).toBe('gG0loJCObWUTwhnaNM2CiO6vKj_2Bj9MhAR667OfOQQ');
    expect([0, 1, 2].map((n) => deriveCode(key, 'access', n))).toEqual(['960833', '383812', '800872']);
  });

  it('refuses a key that is not 32 bytes of base64url', () => {
    expect(decodeCodeKey('short')).toBeNull();
    expect(decodeCodeKey(`${'A'.repeat(42)}+`)).toBeNull();
  });
});
