// Booking windows for the bench that never collide with earlier runs on the reused city
// database: each run picks its own day far in the future, and booking i takes hour i ÷ hubs of it
// at Hub i mod hubs.
import { randomInt } from 'node:crypto';

const HOUR = 3_600_000;

export function windowsForRun(hubIds: string[]) {
  const base = (Math.ceil(Date.now() / HOUR) + 24 * randomInt(30, 3000)) * HOUR;
  return (i: number) => {
    const start = new Date(base + Math.floor(i / hubIds.length) * HOUR);
    return { hubId: hubIds[i % hubIds.length]!, start, end: new Date(start.getTime() + HOUR) };
  };
}
