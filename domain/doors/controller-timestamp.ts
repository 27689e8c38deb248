// The controller's X-Hub-Timestamp (Unix seconds): how far from the server's clock it may be,
// and how long a seen signature is remembered (twice the window, so it outlives its timestamp).

export const TIMESTAMP_WINDOW_SECONDS = 60;
export const REPLAY_MEMORY_SECONDS = 120;

/** Null when the header is a Unix time within the window of nowMs, else why not. */
export function timestampProblem(header: string | undefined, nowMs: number): 'missing' | 'stale' | null {
  if (!header || !/^\d{1,12}$/.test(header)) return 'missing';
  return Math.abs(Number(header) * 1000 - nowMs) > TIMESTAMP_WINDOW_SECONDS * 1000 ? 'stale' : null;
}
