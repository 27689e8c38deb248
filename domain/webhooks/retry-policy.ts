// When a failed delivery is tried again (ADR 0021): exponential backoff from a base (30 s by
// default), capped at an hour, for at least `windowMs` (24 h) after its first failure; after that
// it is given up. An endpoint with no success for `pauseAfterMs` (24 h) while failing is paused.

export interface RetryPolicy {
  baseMs: number;
  capMs: number;
  windowMs: number;
  pauseAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseMs: 30_000,
  capMs: 3_600_000,
  windowMs: 24 * 3_600_000,
  pauseAfterMs: 24 * 3_600_000,
};

/** After the `failures`-th failed attempt of a series: when to try again, or null to give up. */
export function nextAttemptAt(policy: RetryPolicy, failures: number, firstFailedMs: number, nowMs: number): number | null {
  if (nowMs - firstFailedMs >= policy.windowMs) return null;
  const delay = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(failures - 1, 40));
  return nowMs + delay;
}

/** True when an endpoint failing since `failingSinceMs` has failed long enough to be paused. */
export const shouldPause = (policy: RetryPolicy, failingSinceMs: number, nowMs: number) => nowMs - failingSinceMs >= policy.pauseAfterMs;
