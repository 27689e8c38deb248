import { describe, expect, it } from 'vitest';
import { originOf, socialSettingsFromEnv } from './settings.js';

describe('socialSettingsFromEnv', () => {
  it('turns a provider on only with its credentials, with the real issuer by default', () => {
    const settings = socialSettingsFromEnv({
      SOCIAL_GOOGLE_CLIENT_ID: 'g-id',
      SOCIAL_GOOGLE_CLIENT_SECRET: 'g-secret',
      SOCIAL_FACEBOOK_CLIENT_ID: 'fb-id', // no secret: off
      SOCIAL_APPLE_CLIENT_ID: 'apple-id',
      SOCIAL_APPLE_TEAM_ID: 'TEAM',
      SOCIAL_APPLE_KEY_ID: 'KEY',
      SOCIAL_APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
      APP_URL: 'https://hub.example/some/path',
      CORS_ORIGINS: 'https://a.example/, not a url, ftp://b.example',
    });
    expect(settings.providers.google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'g-id',
      clientSecret: 'g-secret',
      appleKey: undefined,
      scope: 'openid email profile',
    });
    expect(settings.providers.facebook).toBeUndefined();
    expect(settings.providers.apple?.appleKey).toEqual({
      teamId: 'TEAM',
      keyId: 'KEY',
      privateKeyPem: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
    });
    expect(settings.providers.apple?.issuer).toBe('https://appleid.apple.com');
    expect(settings.appUrl).toBe('https://hub.example');
    expect(settings.extraOrigins).toEqual(['https://a.example']);
  });

  it('nothing set: no provider; links on the address the process listens on', () => {
    expect(socialSettingsFromEnv({})).toEqual({ providers: {}, appUrl: 'http://127.0.0.1:3000', extraOrigins: [] });
  });

  it('originOf keeps http(s) origins only', () => {
    expect(originOf('http://127.0.0.1:3000/x?y')).toBe('http://127.0.0.1:3000');
    expect(originOf('javascript:alert(1)')).toBeUndefined();
    expect(originOf('')).toBeUndefined();
  });
});
