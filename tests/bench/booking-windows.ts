// Booking windows for the bench that never collide with earlier runs on the reused city
// database: each run picks its own day far in the future, and booking i takes hour i ÷ hubs of it
// at Hub i mod hubs.
import { randomInt, randomUUID } from 'node:crypto';
import type { CommandDeps } from '../../commands/deps.js';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';

const HOUR = 3_600_000;

export function windowsForRun(hubIds: string[]) {
  const base = (Math.ceil(Date.now() / HOUR) + 24 * randomInt(30, 3000)) * HOUR;
  return (i: number) => {
    const start = new Date(base + Math.floor(i / hubIds.length) * HOUR);
    return { hubId: hubIds[i % hubIds.length]!, start, end: new Date(start.getTime() + HOUR) };
  };
}

/** Booking i of a run, each by a new renter, through the command; answers its position. */
export function windowBookings(deps: CommandDeps, hubIds: string[]): (i: number) => Promise<GlobalPosition> {
  const window = windowsForRun(hubIds);
  return async (i) => {
    const w = window(i);
    const ctx = { actor: { id: 'bench', role: 'user' }, correlationId: randomUUID(), now: new Date() };
    return (await reserveBySize(deps, { userId: randomUUID(), hubId: w.hubId, size: 'P', start: w.start, end: w.end, canUsePrivateHub: false }, ctx)).position;
  };
}
