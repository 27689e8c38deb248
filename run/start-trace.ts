// HUB_START_TRACE=1 prints when each start step ends, in ms since the process began (the
// benchmark in tests/bench/start-time.ts finds the slow steps with it). Silent otherwise.
const enabled = Boolean(process.env.HUB_START_TRACE);

export function traceStart(step: string): void {
  if (enabled) console.log(`[start] ${step.padEnd(24)} ${Math.round(performance.now())} ms`);
}
