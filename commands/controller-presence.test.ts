import { describe, expect, it } from 'vitest';
import { controllerOfflineAfterMsFromEnv } from './controller-presence.js';

describe('CONTROLLER_OFFLINE_AFTER_MS', () => {
  it('defaults to three missed heartbeats of 30 s, takes whole milliseconds, and stops the start on anything else', () => {
    expect(controllerOfflineAfterMsFromEnv({})).toBe(90_000);
    expect(controllerOfflineAfterMsFromEnv({ CONTROLLER_OFFLINE_AFTER_MS: '' })).toBe(90_000);
    expect(controllerOfflineAfterMsFromEnv({ CONTROLLER_OFFLINE_AFTER_MS: '120000' })).toBe(120_000);
    for (const bad of ['abc', '-5', '999', '1.5']) {
      expect(() => controllerOfflineAfterMsFromEnv({ CONTROLLER_OFFLINE_AFTER_MS: bad })).toThrow(/CONTROLLER_OFFLINE_AFTER_MS/);
    }
  });
});
