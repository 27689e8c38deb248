// Booking windows for the bench that rarely collide with earlier runs on the reused city
// database: each run picks its own day ahead, and booking i takes hour i ÷ hubs of it at Hub i mod
// hubs. Days stay inside the booking horizon (a start at most 365 days ahead, ADR 0018), with room
// for a run's hours at demo size (a few thousand bookings over 6 Hubs span about two weeks).
import { randomInt, randomUUID } from 'node:crypto';
import type { CommandDeps } from '../../commands/deps.js';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import type { GlobalPosition } from '../../infra/eventstore/port.js';

const HOUR = 3_600_000;

/** A whole hour on a day 30 to 330 days from now, drawn at random. */
export const farSlot = () => new Date((Math.ceil(Date.now() / HOUR) + 24 * randomInt(30, 330)) * HOUR);

export function windowsForRun(hubIds: string[]) {
  const base = farSlot().getTime();
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
