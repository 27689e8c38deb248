import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, nextAttemptAt, shouldPause } from './retry-policy.js';

const H = 3_600_000;

describe('retry policy', () => {
  it('doubles from the base up to an hour', () => {
    const delays = [1, 2, 3, 4, 8, 20].map((n) => nextAttemptAt(DEFAULT_RETRY_POLICY, n, 0, 1000)! - 1000);
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
  });

  it('keeps trying for 24 h from the first failure, then gives up', () => {
    expect(nextAttemptAt(DEFAULT_RETRY_POLICY, 30, 0, 24 * H - 1)).not.toBeNull();
    expect(nextAttemptAt(DEFAULT_RETRY_POLICY, 31, 0, 24 * H)).toBeNull();
  });

  it('pauses an endpoint failing for a day', () => {
    expect(shouldPause(DEFAULT_RETRY_POLICY, 0, 24 * H - 1)).toBe(false);
    expect(shouldPause(DEFAULT_RETRY_POLICY, 0, 24 * H)).toBe(true);
  });
});
