import { verify } from 'argon2';
import { describe, expect, it } from 'vitest';
import { demoUsers } from './demo-data.js';

describe('demo accounts', () => {
  it('store precomputed argon2id hashes of exactly their published passwords', async () => {
    for (const user of demoUsers) {
      expect(user.passwordHash.startsWith('$argon2id$')).toBe(true);
      expect(await verify(user.passwordHash, user.password)).toBe(true);
      expect(await verify(user.passwordHash, `${user.password}x`)).toBe(false);
    }
  });

  it('do not share a salt', () => {
    const salts = demoUsers.map((user) => user.passwordHash.split('$')[4]);
    expect(new Set(salts).size).toBe(demoUsers.length);
  });
});
