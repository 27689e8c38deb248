import type { LockerSize } from '../../domain/hubs/hub-events.js';
import { LOCKER_SIZES } from '../../domain/hubs/hub-events.js';
import type { Hold, LockerState } from '../hubs/hub-availability.js';

// Per size, what a partner can book at a Hub: active rentable (GMV) lockers, those no open
// reservation holds at any moment of the window, and the lowest price per hour in cents. Built
// on the same in-memory lockers and holds as the public Hub list (hub-availability.ts); "now" is
// the window of one millisecond at now, which is exactly the public list's "available now".

export interface SizeOffer {
  total: number;
  available: number;
  price_per_hour: number | null;
}

/** When a hold stops holding: its end, or an unpaid one's payment deadline if that comes first. */
const holdsUntil = (hold: Hold) => (hold.payUntilMs === null ? hold.endMs : Math.min(hold.endMs, hold.payUntilMs));

const freeThrough = (locker: LockerState, startMs: number, endMs: number) => !locker.holds.some((hold) => hold.startMs < endMs && startMs < holdsUntil(hold));

export function sizeOffers(lockers: readonly LockerState[], window: { startMs: number; endMs: number }): Record<LockerSize, SizeOffer> {
  const offers = {} as Record<LockerSize, SizeOffer>;
  for (const size of LOCKER_SIZES) offers[size] = { total: 0, available: 0, price_per_hour: null };
  for (const locker of lockers) {
    if (locker.type !== 'GMV' || locker.status !== 'Ativo') continue;
    const offer = offers[locker.size];
    offer.total++;
    offer.price_per_hour = offer.price_per_hour === null ? locker.pricePerHourCents : Math.min(offer.price_per_hour, locker.pricePerHourCents);
    if (freeThrough(locker, window.startMs, window.endMs)) offer.available++;
  }
  return offers;
}
