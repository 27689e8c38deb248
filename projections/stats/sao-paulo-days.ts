// Calendar days in America/Sao_Paulo, the one calendar the dashboard counts by. Pure: the zone
// rules come from the runtime's ICU data (Intl), never the clock. Days are 'YYYY-MM-DD' strings.
// São Paulo has had no daylight-saving time since 2019, but older days had 23 and 25 hours (and
// some began at 01:00 local), so a day's start is found, not assumed to be 03:00 UTC.

export const DASHBOARD_TIME_ZONE = 'America/Sao_Paulo';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const dateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: DASHBOARD_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const wallFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: DASHBOARD_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The São Paulo calendar day an instant falls on. */
export function localDate(ms: number): string {
  return dateFormat.format(ms);
}

/** How far São Paulo's wall clock is from UTC at an instant (negative: behind). */
function offsetMs(ms: number): number {
  const parts: Record<string, number> = {};
  for (const p of wallFormat.formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00.000Z`);

/** The first instant of a São Paulo day. */
export function dayStartMs(date: string): number {
  const u = utcMidnight(date);
  const first = u - offsetMs(u);
  const second = u - offsetMs(first);
  // The offset can change near midnight (DST): take the candidate where the date really begins.
  for (const candidate of [first, second]) {
    if (localDate(candidate) === date && localDate(candidate - 1) !== date) return candidate;
  }
  return second;
}

/** The calendar day n days after (or before, negative) a day. */
export function addDays(date: string, n: number): string {
  return new Date(utcMidnight(date) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` days ending with `lastDate`, oldest first. */
export function daysEndingOn(lastDate: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(lastDate, i - count + 1));
}
