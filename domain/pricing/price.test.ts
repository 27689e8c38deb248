import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billableHours, centsToReais, priceInCents, reaisToCents } from './price.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const start = Date.parse('2030-01-10T10:00:00.000Z');

describe('priceInCents examples', () => {
  it.each([
    [1 * MINUTE, 1],
    [59 * MINUTE, 1],
    [60 * MINUTE, 1],
    [61 * MINUTE, 2],
    [120 * MINUTE, 2],
    [24 * HOUR + 1, 25],
  ])('%i ms is charged as %i hour(s)', (duration, hours) => {
    expect(billableHours(start, start + duration)).toBe(hours);
    expect(priceInCents(start, start + duration, 500)).toBe(hours * 500);
  });

  it('charges 2 h at R$ 5,00 as 1000 cents', () => {
    expect(priceInCents(start, start + 2 * HOUR, reaisToCents(5))).toBe(1000);
  });

  it('charges nothing for a free locker', () => {
    expect(priceInCents(start, start + 3 * HOUR, 0)).toBe(0);
  });
});

describe('reaisToCents', () => {
  it.each([
    [5, 500],
    [7.5, 750],
    [0.01, 1],
    [19.99, 1999],
    [0.29, 29],
    [0, 0],
  ])('%d reais → %i cents', (reais, cents) => {
    expect(reaisToCents(reais)).toBe(cents);
  });

  it('round-trips with centsToReais', () => {
    expect(centsToReais(1999)).toBe(19.99);
    expect(reaisToCents(centsToReais(1999))).toBe(1999);
  });
});

describe('bad inputs throw', () => {
  it.each([
    ['an empty window', start, start],
    ['an end before the start', start, start - MINUTE],
    ['a NaN start', Number.NaN, start],
  ])('billableHours refuses %s', (_, from, to) => {
    expect(() => billableHours(from, to)).toThrow(RangeError);
    expect(() => priceInCents(from, to, 500)).toThrow(RangeError);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('priceInCents refuses %s cents per hour', (cents) => {
    expect(() => priceInCents(start, start + HOUR, cents)).toThrow(RangeError);
  });

  it.each([-0.01, Number.NaN, Number.POSITIVE_INFINITY])('reaisToCents refuses %s', (reais) => {
    expect(() => reaisToCents(reais)).toThrow(RangeError);
  });
});

describe('price rule properties', () => {
  // Starts between 2000 and 2100, durations up to a year: far beyond the bookable range.
  const startArb = fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2100-01-01T00:00:00Z') });
  const durationArb = fc.integer({ min: 1, max: 366 * 24 * HOUR });
  const priceArb = fc.integer({ min: 0, max: 100_000 });
  const numRuns = 200;

  it('charges every started hour: price = ceil(duration / 1 h) × price per hour', () => {
    fc.assert(
      fc.property(startArb, durationArb, priceArb, (from, duration, perHour) => {
        const wholeHours = Math.floor(duration / HOUR);
        const expectedHours = duration % HOUR === 0 ? wholeHours : wholeHours + 1;
        expect(priceInCents(from, from + duration, perHour)).toBe(expectedHours * perHour);
      }),
      { numRuns },
    );
  });

  it('charged hours h satisfy (h - 1) h < duration ≤ h h', () => {
    fc.assert(
      fc.property(startArb, durationArb, (from, duration) => {
        const h = billableHours(from, from + duration);
        expect((h - 1) * HOUR).toBeLessThan(duration);
        expect(duration).toBeLessThanOrEqual(h * HOUR);
      }),
      { numRuns },
    );
  });

  it('is monotonic in the duration', () => {
    fc.assert(
      fc.property(startArb, durationArb, durationArb, priceArb, (from, d1, d2, perHour) => {
        const [shorter, longer] = d1 <= d2 ? [d1, d2] : [d2, d1];
        expect(priceInCents(from, from + shorter, perHour)).toBeLessThanOrEqual(priceInCents(from, from + longer, perHour));
      }),
      { numRuns },
    );
  });

  it('is always a whole number of cents', () => {
    fc.assert(
      fc.property(startArb, durationArb, priceArb, (from, duration, perHour) => {
        const cents = priceInCents(from, from + duration, perHour);
        expect(Number.isSafeInteger(cents)).toBe(true);
        expect(cents).toBeGreaterThanOrEqual(0);
      }),
      { numRuns },
    );
  });
});
