import { describe, expect, it } from 'vitest';
import type { Hold, LockerState } from '../hubs/hub-availability.js';
import { sizeOffers } from './partner-hub-offers.js';

const H = 3_600_000;
const locker = (id: string, overrides: Partial<LockerState> = {}, holds: Hold[] = []): LockerState => ({
  id,
  hubId: 'SP-01',
  orderNumber: 1,
  size: 'M',
  type: 'GMV',
  pricePerHourCents: 750,
  status: 'Ativo',
  collectNumber: null,
  holds,
  ...overrides,
});
const hold = (startH: number, endH: number, payUntilH: number | null = null): Hold => ({
  reservationId: `r-${startH}-${endH}`,
  startMs: startH * H,
  endMs: endH * H,
  payUntilMs: payUntilH === null ? null : payUntilH * H,
});

describe('sizeOffers', () => {
  it('given active GMV lockers, then counts them per size with the lowest price in cents', () => {
    const offers = sizeOffers([locker('a'), locker('b', { pricePerHourCents: 600 }), locker('c', { size: 'G', pricePerHourCents: 1200 })], {
      startMs: 0,
      endMs: 1,
    });
    expect(offers.M).toEqual({ total: 2, available: 2, price_per_hour: 600 });
    expect(offers.G).toEqual({ total: 1, available: 1, price_per_hour: 1200 });
    expect(offers.P).toEqual({ total: 0, available: 0, price_per_hour: null });
  });

  it('given inactive or non-GMV lockers, then leaves them out', () => {
    const offers = sizeOffers([locker('a', { status: 'Inativo' }), locker('b', { type: 'Tech' })], { startMs: 0, endMs: 1 });
    expect(offers.M).toEqual({ total: 0, available: 0, price_per_hour: null });
  });

  it('given a hold overlapping any moment of the window, then the locker is not available for it', () => {
    const held = [locker('a', {}, [hold(10, 12)])];
    expect(sizeOffers(held, { startMs: 11 * H, endMs: 11 * H + 1 }).M.available).toBe(0);
    expect(sizeOffers(held, { startMs: 8 * H, endMs: 10 * H + 1 }).M.available).toBe(0);
    expect(sizeOffers(held, { startMs: 12 * H, endMs: 14 * H }).M.available).toBe(1);
    expect(sizeOffers(held, { startMs: 8 * H, endMs: 10 * H }).M.available).toBe(1);
  });

  it('given an unpaid hold, then it holds only until its payment deadline', () => {
    const held = [locker('a', {}, [hold(10, 20, 11)])];
    expect(sizeOffers(held, { startMs: 10 * H, endMs: 10 * H + 1 }).M.available).toBe(0);
    expect(sizeOffers(held, { startMs: 11 * H, endMs: 12 * H }).M.available).toBe(1);
  });
});
