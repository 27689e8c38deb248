import { describe, expect, it } from 'vitest';
import { givenBack, msToHours, occupancyPct, openCapacityByDay, splitByDay, sumByDay } from './day-split.js';
import { addDays, dayStartMs, daysEndingOn, localDate } from './sao-paulo-days.js';

const H = 3_600_000;
const at = (iso: string) => Date.parse(iso);
/** An open interval's start as OpenGroup sums it: from the UTC midnight of its São Paulo date. */
const fromMidnight = (iso: string) => at(iso) - at(`${localDate(at(iso))}T00:00:00Z`);

describe('São Paulo days', () => {
  it('a day begins at local midnight, 03:00 UTC today', () => {
    expect(dayStartMs('2025-03-11')).toBe(at('2025-03-11T03:00:00Z'));
    expect(localDate(at('2025-03-11T02:59:59.999Z'))).toBe('2025-03-10');
    expect(localDate(at('2025-03-11T03:00:00Z'))).toBe('2025-03-11');
  });

  it('finds days that had 23 and 25 hours under the old daylight-saving rules', () => {
    // 2018-11-04 began at 01:00 (clocks jumped from 00:00); 2019-02-16 ran until 00:00 -03.
    expect(dayStartMs('2018-11-04')).toBe(at('2018-11-04T03:00:00Z'));
    expect(dayStartMs('2018-11-05') - dayStartMs('2018-11-04')).toBe(23 * H);
    expect(dayStartMs('2019-02-17') - dayStartMs('2019-02-16')).toBe(25 * H);
  });

  it('counts calendar days across month and year ends', () => {
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysEndingOn('2025-01-02', 4)).toEqual(['2024-12-30', '2024-12-31', '2025-01-01', '2025-01-02']);
  });
});

describe('splitByDay', () => {
  it('cuts a window at São Paulo midnight, not UTC midnight', () => {
    // 22:00 → 02:00 local: two hours each side of local midnight; UTC midnight (21:00 local) is no boundary.
    expect(splitByDay(at('2025-03-11T01:00:00Z'), at('2025-03-11T05:00:00Z'))).toEqual([
      { date: '2025-03-10', ms: 2 * H },
      { date: '2025-03-11', ms: 2 * H },
    ]);
    expect(splitByDay(at('2025-03-10T22:00:00Z'), at('2025-03-11T02:00:00Z'))).toEqual([{ date: '2025-03-10', ms: 4 * H }]);
  });

  it('gives whole days in the middle of a long window, and nothing for an empty one', () => {
    const parts = splitByDay(at('2025-03-10T21:00:00Z'), at('2025-03-12T22:00:00Z')); // 18:00 on the 10th → 19:00 on the 12th
    expect(parts).toEqual([
      { date: '2025-03-10', ms: 6 * H },
      { date: '2025-03-11', ms: 24 * H },
      { date: '2025-03-12', ms: 19 * H },
    ]);
    expect(parts.reduce((sum, p) => sum + p.ms, 0)).toBe(49 * H);
    expect(splitByDay(at('2025-03-10T21:00:00Z'), at('2025-03-10T21:00:00Z'))).toEqual([]);
    expect(splitByDay(at('2025-03-10T22:00:00Z'), at('2025-03-10T21:00:00Z'))).toEqual([]);
  });

  it('adds up amounts per day', () => {
    expect(
      sumByDay([
        { date: 'a', ms: 1 },
        { date: 'b', ms: 2 },
        { date: 'a', ms: 3 },
      ]),
    ).toEqual([
      { date: 'a', ms: 4 },
      { date: 'b', ms: 2 },
    ]);
  });
});

describe('givenBack: what an early end no longer holds', () => {
  const start = at('2025-03-11T01:00:00Z'); // 22:00 on the 10th, local
  const end = at('2025-03-11T05:00:00Z'); // 02:00 on the 11th, local

  it('the whole window when cancelled before it starts', () => {
    expect(givenBack(start, end, at('2025-03-10T12:00:00Z'))).toEqual(splitByDay(start, end));
  });

  it('the rest of it from the moment it ends, across midnight', () => {
    expect(givenBack(start, end, at('2025-03-11T02:30:00Z'))).toEqual([
      { date: '2025-03-10', ms: 0.5 * H },
      { date: '2025-03-11', ms: 2 * H },
    ]);
    expect(givenBack(start, end, at('2025-03-11T04:00:00Z'))).toEqual([{ date: '2025-03-11', ms: H }]);
  });

  it('nothing once the window is over', () => {
    expect(givenBack(start, end, end)).toEqual([]);
    expect(givenBack(start, end, at('2025-03-12T00:00:00Z'))).toEqual([]);
  });
});

describe('openCapacityByDay: lockers still active at query time', () => {
  const dates = ['2025-03-09', '2025-03-10', '2025-03-11'];
  const now = at('2025-03-11T15:00:00Z'); // 12:00 local on the 11th

  it('a locker active since before the days gives each whole day, and today up to now', () => {
    const capacity = openCapacityByDay([{ sinceDate: '2025-03-01', count: 2, sumSinceMs: 2 * fromMidnight('2025-03-01T12:00:00Z') }], dates, now);
    expect(capacity.get('2025-03-09')).toBe(48 * H);
    expect(capacity.get('2025-03-10')).toBe(48 * H);
    expect(capacity.get('2025-03-11')).toBe(24 * H); // 2 lockers × 12 h
  });

  it('lockers that began on a day count from their own start that day, and every day after', () => {
    const since1 = fromMidnight('2025-03-10T21:00:00Z'); // 18:00 local → 6 h on the 10th
    const since2 = fromMidnight('2025-03-11T01:00:00Z'); // 22:00 local → 2 h on the 10th
    const capacity = openCapacityByDay([{ sinceDate: '2025-03-10', count: 2, sumSinceMs: since1 + since2 }], dates, now);
    expect(capacity.get('2025-03-09')).toBe(0);
    expect(capacity.get('2025-03-10')).toBe(8 * H);
    expect(capacity.get('2025-03-11')).toBe(24 * H);
  });

  it('one that began today counts up to now; none began yet on earlier days', () => {
    const since = fromMidnight('2025-03-11T13:00:00Z'); // 10:00 local
    const capacity = openCapacityByDay(
      [
        { sinceDate: '2025-03-11', count: 1, sumSinceMs: since },
        { sinceDate: '2025-03-09', count: 1, sumSinceMs: dayStartMs('2025-03-09') - at('2025-03-09T00:00:00Z') },
      ],
      dates,
      now,
    );
    expect([...capacity]).toEqual([
      ['2025-03-09', 24 * H],
      ['2025-03-10', 24 * H],
      ['2025-03-11', 14 * H],
    ]);
  });

  it('stays exact for thousands of lockers that began the same day', () => {
    const since = fromMidnight('2025-03-11T13:00:00.001Z');
    const capacity = openCapacityByDay([{ sinceDate: '2025-03-11', count: 24_000, sumSinceMs: 24_000 * since }], dates, now);
    expect(capacity.get('2025-03-11')).toBe(24_000 * (2 * H - 1));
  });

  it('nothing without open intervals', () => {
    expect([...openCapacityByDay([], dates, now).values()]).toEqual([0, 0, 0]);
  });
});

describe('occupancy and hours', () => {
  it('booked / capacity × 100 with one decimal, 0 without capacity', () => {
    expect(occupancyPct(3 * H, 48 * H)).toBe(6.3); // 6.25
    expect(occupancyPct(H, 3 * H)).toBe(33.3);
    expect(occupancyPct(2 * H, 3 * H)).toBe(66.7);
    expect(occupancyPct(5 * H, 0)).toBe(0);
    expect(occupancyPct(0, 24 * H)).toBe(0);
  });

  it('reads milliseconds as hours with two decimals', () => {
    expect(msToHours(49 * H)).toBe(49);
    expect(msToHours(0.5 * H)).toBe(0.5);
    expect(msToHours(H / 3)).toBe(0.33);
  });
});
