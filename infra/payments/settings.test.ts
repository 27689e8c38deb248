import { describe, expect, it } from 'vitest';
import { paymentSettingsFromEnv, webhookSecretOf } from './settings.js';

const full = {
  PIX_API_URL: 'https://pix.psp.example/api/v2/',
  PIX_CLIENT_ID: 'id',
  PIX_CLIENT_SECRET: 'secret',
  PIX_CERT_FILE: '/etc/hub/pix.pem',
  PIX_KEY_FILE: '/etc/hub/pix.key',
  PIX_KEY: 'pix@hub.example',
  PIX_WEBHOOK_SECRET: 'x'.repeat(24),
};

describe('payment settings from the environment', () => {
  it('no PIX_API_URL: the simulated provider', () => {
    expect(paymentSettingsFromEnv({ COMPANY_NAME: 'Hub Lockers' })).toEqual({
      pix: null,
      merchantName: 'Hub Lockers',
      merchantCity: 'Sao Paulo',
      webhookSecret: undefined,
    });
  });
  it('the API Pix with everything it needs; the token URL defaults under the API', () => {
    const settings = paymentSettingsFromEnv(full);
    expect(settings.pix).toMatchObject({ apiUrl: 'https://pix.psp.example/api/v2', oauthUrl: 'https://pix.psp.example/api/v2/oauth/token', timeoutMs: 10_000 });
    expect(webhookSecretOf(settings)).toBe('x'.repeat(24));
  });
  it('a half-set configuration, plain HTTP or a short webhook secret stops the start, naming what is wrong', () => {
    expect(() => paymentSettingsFromEnv({ ...full, PIX_KEY: '', PIX_CLIENT_SECRET: undefined })).toThrow(/PIX_CLIENT_SECRET, PIX_KEY/);
    expect(() => paymentSettingsFromEnv({ ...full, PIX_API_URL: 'http://psp' })).toThrow(/https/);
    expect(() => paymentSettingsFromEnv({ ...full, PIX_WEBHOOK_SECRET: 'short' })).toThrow(/24/);
  });
});
