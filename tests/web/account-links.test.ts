// How the reset screen and the recovery redirector read a recovery link (spec "Reset password").
import { describe, expect, it } from 'vitest';
import { confirmationTokenFrom, isRecoveryHash, recoveryTokensFrom } from '../../web/src/features/auth/account-links.js';

describe('recovery links', () => {
  it('reads both tokens from the query string first, else from the hash', () => {
    expect(recoveryTokensFrom('?access_token=a&refresh_token=b', '#access_token=c&refresh_token=d')).toEqual({ access_token: 'a', refresh_token: 'b' });
    expect(recoveryTokensFrom('', '#access_token=c&refresh_token=d&type=recovery')).toEqual({ access_token: 'c', refresh_token: 'd' });
    expect(recoveryTokensFrom('?access_token=a', '#refresh_token=d')).toBeNull();
    expect(recoveryTokensFrom('', '')).toBeNull();
  });

  it('forwards only a hash with access_token, refresh_token and type=recovery', () => {
    expect(isRecoveryHash('#access_token=a&refresh_token=b&type=recovery')).toBe(true);
    expect(isRecoveryHash('#access_token=a&refresh_token=b&type=signup')).toBe(false);
    expect(isRecoveryHash('#access_token=a&type=recovery')).toBe(false);
    expect(isRecoveryHash('')).toBe(false);
  });

  it('finds the confirmation token of a confirmation link', () => {
    expect(confirmationTokenFrom('#confirmation_token=abc.def')).toBe('abc.def');
    expect(confirmationTokenFrom('#code=1')).toBeNull();
  });
});
