import { performance } from 'node:perf_hooks';

// The controller's wall time (ADR 0025): the last manifest's issued_at (the server's clock) plus
// the monotonic time since that sync, so a wrong or reset system clock cannot open a door outside
// its window. Before any sync (or with a manifest read back from disk after a restart) it is the
// system clock. With CONTROLLER_FAKE_CLOCK=1 tests may move it forward (24 h offline in seconds).

export function createControllerClock(fake: boolean) {
  let base: { wallMs: number; monoMs: number } | null = null;
  let advancedMs = 0;
  return {
    now: () => (base ? base.wallMs + (performance.now() - base.monoMs) : Date.now()) + advancedMs,
    /** A fresh manifest: the server's time is the truth again. */
    syncTo(issuedAtMs: number) {
      base = { wallMs: issuedAtMs, monoMs: performance.now() };
      advancedMs = 0;
    },
    advance(ms: number): boolean {
      if (!fake) return false;
      advancedMs += ms;
      return true;
    },
    fake,
  };
}

export type ControllerClock = ReturnType<typeof createControllerClock>;
