import { describe, expect, it } from 'vitest';
import { timestampProblem } from './controller-timestamp.js';

describe('controller timestamps', () => {
  const now = 1_764_064_800_000;
  it('accepts a Unix time within 60 s either way and refuses one further, or none', () => {
    expect(timestampProblem(String(now / 1000 - 60), now)).toBeNull();
    expect(timestampProblem(String(now / 1000 + 60), now)).toBeNull();
    expect(timestampProblem(String(now / 1000 - 61), now)).toBe('stale');
    expect(timestampProblem(String(now / 1000 + 61), now)).toBe('stale');
    expect(timestampProblem(undefined, now)).toBe('missing');
    expect(timestampProblem('1e9', now)).toBe('missing');
  });
});
