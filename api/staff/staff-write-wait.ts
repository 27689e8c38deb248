import type { CommandDeps } from '../../commands/deps.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';

// An assignment counts where hub_staff says so, and every API process reads hub_staff per request
// (no cache), so once the projection includes the write, every process follows it. The answer
// waits for that, longer than an ordinary answer's 200 ms (ANSWER_WAIT_MS): an admin who assigns
// a Hub and tells the operator "done" must be right. Past the bound (a projector stopped or
// frozen) the write stands and the answer says what the read model shows so far.

export const STAFF_WRITE_WAIT_MS = 5000;

export async function showStaffWrite(deps: Pick<CommandDeps, 'awaitProjections' | 'log'>, position: GlobalPosition | null): Promise<void> {
  if (!position) return; // nothing written
  const caughtUp = await deps.awaitProjections(position, STAFF_WRITE_WAIT_MS).catch(() => false);
  if (!caughtUp) deps.log.warn({ position }, 'staff assignment answered before its projection caught up');
}
