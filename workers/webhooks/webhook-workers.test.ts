import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY } from '../../domain/webhooks/retry-policy.js';
import { retryPolicyFromEnv, webhookSweepIntervalFromEnv } from './webhook-workers.js';

describe('webhook worker settings from the environment', () => {
  it('defaults to 30 s doubling, 24 h of retries, a pause after 24 h, a sweep every 15 s', () => {
    expect(retryPolicyFromEnv({})).toEqual(DEFAULT_RETRY_POLICY);
    expect(webhookSweepIntervalFromEnv({})).toBe(15_000);
  });

  it('reads each variable and refuses what is not a positive whole number of milliseconds', () => {
    expect(retryPolicyFromEnv({ WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_RETRY_WINDOW_MS: '5000', WEBHOOK_PAUSE_AFTER_MS: '900' })).toEqual({
      ...DEFAULT_RETRY_POLICY,
      baseMs: 100,
      windowMs: 5000,
      pauseAfterMs: 900,
    });
    expect(() => retryPolicyFromEnv({ WEBHOOK_RETRY_BASE_MS: '0' })).toThrow('WEBHOOK_RETRY_BASE_MS');
    expect(() => retryPolicyFromEnv({ WEBHOOK_PAUSE_AFTER_MS: '1.5' })).toThrow('WEBHOOK_PAUSE_AFTER_MS');
    expect(() => webhookSweepIntervalFromEnv({ WEBHOOK_SWEEP_INTERVAL_MS: 'x' })).toThrow('WEBHOOK_SWEEP_INTERVAL_MS');
  });
});
