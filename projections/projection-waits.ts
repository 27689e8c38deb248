// The waits the API and its tests use: until the read models include a command's position
// (bounded), built on the shared checkpoint watcher (checkpoint-wait.ts).
import type { Pool } from 'pg';
import type { GlobalPosition } from '../infra/eventstore/port.js';
import { waitForCheckpoints, type WhenStopped } from './checkpoint-wait.js';

/**
 * Bounded wait until every named projector has passed a position, so the page that reloads
 * after a command sees it. False at once while one of them is stopped at an event, unless
 * `whenStopped` is 'wait' (the change feed, which must take every batch in order). Reads the
 * checkpoint table (which works across processes) whenever a projector commits, here or in
 * another process (projections/checkpoint-wait.ts).
 */
export function waitForProjections(
  pool: Pool,
  names: string[],
  position: GlobalPosition,
  timeoutMs = 3000,
  whenStopped: WhenStopped = 'answer',
): Promise<boolean> {
  return waitForCheckpoints(pool, names, position, timeoutMs, { whenStopped });
}

/**
 * How long an API answer waits for the read models before it answers from the command's own
 * events. The lag is tens of milliseconds when the projections run (docs/benchmarks.md), so this
 * is only ever spent on a projector that is stalled, and once per stall (checkpoint-wait.ts).
 */
export const ANSWER_WAIT_MS = 200;

/** The API's wait after a command: ANSWER_WAIT_MS at most, and none while a projector is known stalled. */
export function waitToAnswer(pool: Pool, names: string[], position: GlobalPosition): Promise<boolean> {
  return waitForCheckpoints(pool, names, position, ANSWER_WAIT_MS, { giveUpWhenStalled: true });
}
