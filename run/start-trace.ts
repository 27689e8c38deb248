// HUB_START_TRACE=1 prints when each start step ends, in ms since the Node process began (the
// benchmark in tests/bench/start-time.ts adds the time before it: npm and Node's own start).
// Silent otherwise.
const enabled = Boolean(process.env.HUB_START_TRACE);
let first = true;

export function traceStart(step: string): void {
  if (!enabled) return;
  if (first) console.log(`[start] process began at epoch ${Math.round(performance.timeOrigin)} ms`);
  first = false;
  console.log(`[start] ${step.padEnd(24)} ${Math.round(performance.now())} ms`);
}
