import type { LockerSize, LockerStatus, LockerType } from '../../domain/hubs/hub-events.js';
import { LOCKER_SIZES } from '../../domain/hubs/hub-events.js';

// Availability "now" from the open reservations a process keeps in memory. Nothing here reads a
// clock: `nowMs` comes in, so the answer moves with time without any event, and every answer
// comes with the span of time over which it stays the same (until the next start, end or
// payment deadline), which is how long a cached body built from it may be served.

/** An open reservation holding a locker: from start to end, or, unpaid, until its payment is due. */
export interface Hold {
  reservationId: string;
  startMs: number;
  endMs: number;
  /** Pending (unpaid): the locker is freed at this time. Null: held until the end. */
  payUntilMs: number | null;
}

export interface LockerState {
  id: string;
  hubId: string;
  orderNumber: number;
  size: LockerSize;
  type: LockerType;
  pricePerHourCents: number;
  status: LockerStatus;
  collectNumber: string | null;
  holds: Hold[];
}

export interface SizeAvailability {
  /** Active GMV lockers of the size. */
  total: number;
  /** Of those, the ones no open reservation holds now. */
  available: number;
  /** Lowest hourly price among them, in reais. */
  price_per_hour: number | null;
}

/** Half-open span of time [fromMs, untilMs) over which an answer does not change. */
export interface Span {
  fromMs: number;
  untilMs: number;
}

export const ALWAYS = (): Span => ({ fromMs: -Infinity, untilMs: Infinity });

/** Goods left for pickup hold their locker past the booked end, until logistics collects them. */
export const holdEndMs = (status: string, endMs: number) => (status === 'awaiting_pickup' ? Infinity : endMs);

export const isHeldAt = (hold: Hold, nowMs: number) => hold.startMs <= nowMs && nowMs < hold.endMs && !(hold.payUntilMs !== null && hold.payUntilMs <= nowMs);

/** Narrows span to the edges (start, end, payment deadline) of holds nearest to nowMs. */
function narrow(span: Span, hold: Hold, nowMs: number): void {
  for (const edge of [hold.startMs, hold.endMs, hold.payUntilMs]) {
    if (edge === null) continue;
    if (edge <= nowMs) span.fromMs = Math.max(span.fromMs, edge);
    else span.untilMs = Math.min(span.untilMs, edge);
  }
}

/** Whether the locker is free to take now; narrows span to the time this stays true. */
export function availableNow(locker: LockerState, nowMs: number, span: Span): boolean {
  let held = false;
  for (const hold of locker.holds) {
    narrow(span, hold, nowMs);
    if (isHeldAt(hold, nowMs)) held = true;
  }
  return locker.status === 'Ativo' && !held;
}

export interface HubAvailability {
  /** Per locker, in the order given: free to take now. */
  lockerAvailable: boolean[];
  bySize: Record<LockerSize, SizeAvailability>;
  /** Free active GMV lockers of every size. */
  available: number;
}

/** Availability of a Hub's lockers at nowMs; narrows span to the time it stays the same. */
export function hubAvailability(lockers: readonly LockerState[], nowMs: number, span: Span): HubAvailability {
  const lockerAvailable = lockers.map((locker) => availableNow(locker, nowMs, span));
  const bySize = {} as Record<LockerSize, SizeAvailability>;
  for (const size of LOCKER_SIZES) bySize[size] = { total: 0, available: 0, price_per_hour: null };
  let available = 0;
  lockers.forEach((locker, i) => {
    if (locker.type !== 'GMV' || locker.status !== 'Ativo') return;
    const entry = bySize[locker.size];
    if (!entry) return;
    entry.total++;
    const price = locker.pricePerHourCents / 100;
    entry.price_per_hour = entry.price_per_hour === null ? price : Math.min(entry.price_per_hour, price);
    if (lockerAvailable[i]) {
      entry.available++;
      available++;
    }
  });
  return { lockerAvailable, bySize, available };
}
