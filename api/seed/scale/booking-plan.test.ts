import { describe, expect, it } from 'vitest';
import { Ending, planBookings } from './booking-plan.js';
import { createRandom } from './random.js';

const NOW = new Date('2025-03-10T15:00:00.000Z');
const options = { now: NOW, historyDays: 30, futureDays: 5, reservations: 4_000, renters: 200, paymentWindowMs: 15 * 60_000, maxReservationHours: 48 };
const lockers = Array.from({ length: 40 }, (_, i) => ({ hubIndex: i % 4, size: (['P', 'M', 'G', 'X'] as const)[i % 4]! }));
const plan = planBookings(createRandom('plano'), lockers, 4, options);

describe('the booking plan of a city seed', () => {
  it('is the same for the same seed, and another for another seed', () => {
    const again = planBookings(createRandom('plano'), lockers, 4, options);
    expect(again).toEqual(plan);
    expect(planBookings(createRandom('outro'), lockers, 4, options).startMs).not.toEqual(plan.startMs);
  });

  it('never lays two windows of one locker over each other', () => {
    const byLocker = new Map<number, [number, number][]>();
    for (let i = 0; i < plan.count; i++) byLocker.set(plan.locker[i]!, [...(byLocker.get(plan.locker[i]!) ?? []), [plan.startMs[i]!, plan.endMs[i]!]]);
    for (const windows of byLocker.values()) {
      windows.sort((a, b) => a[0] - b[0]);
      for (let k = 1; k < windows.length; k++) expect(windows[k]![0]).toBeGreaterThanOrEqual(windows[k - 1]![1]);
    }
  });

  it('books within the rules and lets nothing happen after now', () => {
    const now = NOW.getTime();
    for (let i = 0; i < plan.count; i++) {
      const [start, end, created, paid, ending] = [plan.startMs[i]!, plan.endMs[i]!, plan.createdMs[i]!, plan.paidMs[i]!, plan.endingMs[i]!];
      expect(end - start).toBeGreaterThanOrEqual(3_600_000);
      expect(end - start).toBeLessThanOrEqual(48 * 3_600_000);
      expect(start).toBeGreaterThanOrEqual(created - 35 * 60_000);
      expect(created).toBeLessThanOrEqual(now);
      if (!Number.isNaN(paid)) expect(paid).toBeGreaterThan(created);
      if (!Number.isNaN(paid)) expect(paid).toBeLessThan(Math.min(created + options.paymentWindowMs, end));
      if (!Number.isNaN(ending)) expect(ending).toBeLessThanOrEqual(now);
      if (!Number.isNaN(ending) && !Number.isNaN(paid)) expect(ending).toBeGreaterThan(paid);
      // Nothing left open past its end or its unpaid window: the workers would have closed it.
      if (plan.ending[i] === Ending.none) expect(end > now && (!Number.isNaN(paid) || created + options.paymentWindowMs > now)).toBe(true);
    }
  });

  it('mixes the outcomes: mostly finished, some open now, a few waiting for payment', () => {
    const count = (test: (i: number) => boolean) => Array.from({ length: plan.count }, (_, i) => i).filter(test).length;
    const now = NOW.getTime();
    expect(count((i) => plan.ending[i] === Ending.finalize)).toBeGreaterThan(plan.count * 0.6);
    expect(count((i) => plan.ending[i] === Ending.expireOverdue)).toBeGreaterThan(0);
    expect(count((i) => plan.ending[i] === Ending.cancel)).toBeGreaterThan(0);
    expect(count((i) => plan.ending[i] === Ending.none && plan.startMs[i]! <= now)).toBeGreaterThan(0);
    expect(count((i) => plan.ending[i] === Ending.none && Number.isNaN(plan.paidMs[i]))).toBeGreaterThanOrEqual(2);
  });
});
