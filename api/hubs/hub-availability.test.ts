import { describe, expect, it } from 'vitest';
import { testLocker } from './hub-test-rows.js';
import type { Hold } from './hub-availability.js';
import { ALWAYS, hubAvailability, isHeldAt } from './hub-availability.js';

const hold = (startMs: number, endMs: number, payUntilMs: number | null = null, reservationId = 'r'): Hold => ({ reservationId, startMs, endMs, payUntilMs });
const locker = testLocker;

describe('hub availability', () => {
  it('a hold takes its locker from its start until its end, or until its unpaid deadline', () => {
    const paid = hold(100, 200);
    expect([99, 100, 199, 200].map((t) => isHeldAt(paid, t))).toEqual([false, true, true, false]);
    const unpaid = hold(100, 200, 150);
    expect([100, 149, 150, 199].map((t) => isHeldAt(unpaid, t))).toEqual([true, true, false, false]);
  });

  it('counts active GMV lockers per size, free ones and the lowest price; others only get available_now', () => {
    const lockers = [
      locker({ id: 'a', pricePerHourCents: 500, holds: [hold(0, 100)] }),
      locker({ id: 'b', pricePerHourCents: 450 }),
      locker({ id: 'c', size: 'M', pricePerHourCents: 800, status: 'Inativo' }),
      locker({ id: 'd', size: 'G', type: 'Drop-Off' }),
    ];
    const at50 = hubAvailability(lockers, 50, ALWAYS());
    expect(at50.bySize).toEqual({
      P: { total: 2, available: 1, price_per_hour: 4.5 },
      M: { total: 0, available: 0, price_per_hour: null },
      G: { total: 0, available: 0, price_per_hour: null },
      X: { total: 0, available: 0, price_per_hour: null },
    });
    expect(at50.available).toBe(1);
    expect(at50.lockerAvailable).toEqual([false, true, false, true]);
    expect(hubAvailability(lockers, 100, ALWAYS()).bySize.P.available).toBe(2);
  });

  it('narrows the span to the nearest edges around now, so a cached answer ends at the next one', () => {
    const lockers = [locker({ holds: [hold(100, 300, 200)] }), locker({ id: 'b', holds: [hold(400, 500)] })];
    const span = ALWAYS();
    hubAvailability(lockers, 250, span);
    expect(span).toEqual({ fromMs: 200, untilMs: 300 });
    const before = ALWAYS();
    hubAvailability(lockers, 50, before);
    expect(before).toEqual({ fromMs: -Infinity, untilMs: 100 });
    const after = ALWAYS();
    hubAvailability(lockers, 600, after);
    expect(after).toEqual({ fromMs: 500, untilMs: Infinity });
  });
});
