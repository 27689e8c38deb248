import { addDays, dayStartMs, localDate } from './sao-paulo-days.js';

// The arithmetic of the daily stats: time spans cut at São Paulo midnights, the capacity of the
// lockers still active at query time, and the occupancy percentage. Pure; amounts are in
// milliseconds so a reservation ended early at any instant gives back exactly what it held.

export interface DayAmount {
  date: string;
  ms: number;
}

/** [startMs, endMs) cut into the São Paulo days it touches, in order; empty when not positive. */
export function splitByDay(startMs: number, endMs: number): DayAmount[] {
  const parts: DayAmount[] = [];
  let cursor = startMs;
  let date = localDate(startMs);
  while (cursor < endMs) {
    const next = addDays(date, 1);
    const until = Math.min(endMs, dayStartMs(next));
    parts.push({ date, ms: until - cursor });
    cursor = until;
    date = next;
  }
  return parts;
}

/** Adds up amounts per day (several spans closed by one event land in one statement). */
export function sumByDay(amounts: DayAmount[]): DayAmount[] {
  const byDate = new Map<string, number>();
  for (const { date, ms } of amounts) byDate.set(date, (byDate.get(date) ?? 0) + ms);
  return [...byDate].map(([date, ms]) => ({ date, ms }));
}

/**
 * What a reservation that ends early at `atMs` no longer holds: the rest of its window
 * [max(at, start), end). Nothing when it ends after its window is over.
 */
export function givenBack(startMs: number, endMs: number, atMs: number): DayAmount[] {
  return splitByDay(Math.max(startMs, atMs), endMs);
}

/**
 * Lockers still counting at query time, grouped by the São Paulo day they began counting:
 * how many, and the sum of their start instants (so a day's share needs no row per locker),
 * each measured from the UTC midnight of that date so the sum of thousands stays exact.
 */
export interface OpenGroup {
  sinceDate: string;
  count: number;
  sumSinceMs: number;
}

const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00.000Z`);

/**
 * The capacity the still-active lockers add to each day, their intervals running until
 * `untilMs`: a locker counting since before a day gives the day's whole span up to `untilMs`;
 * one that began that day gives from its start.
 */
export function openCapacityByDay(groups: OpenGroup[], dates: string[], untilMs: number): Map<string, number> {
  const sorted = [...groups].sort((a, b) => (a.sinceDate < b.sinceDate ? -1 : a.sinceDate > b.sinceDate ? 1 : 0));
  const result = new Map<string, number>();
  let i = 0;
  let before = 0; // lockers counting since an earlier day
  for (const date of dates) {
    while (i < sorted.length && sorted[i]!.sinceDate < date) before += sorted[i++]!.count;
    const start = dayStartMs(date);
    const end = Math.min(dayStartMs(addDays(date, 1)), untilMs);
    let ms = end > start ? before * (end - start) : 0;
    const sameDay = sorted[i]?.sinceDate === date ? sorted[i]! : null;
    if (sameDay) ms += Math.max(0, sameDay.count * (end - utcMidnight(date)) - sameDay.sumSinceMs);
    result.set(date, ms);
  }
  return result;
}

/** booked / capacity × 100, one decimal; 0 when there was no capacity. */
export function occupancyPct(bookedMs: number, capacityMs: number): number {
  if (capacityMs <= 0) return 0;
  return Math.round((bookedMs / capacityMs) * 1000) / 10;
}

/** Milliseconds as hours, two decimals (a whole-hour booking reads as a whole number). */
export const msToHours = (ms: number) => Math.round(ms / 36_000) / 100;
