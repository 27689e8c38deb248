import type { LockerSize } from '../../../domain/hubs/hub-events.js';
import type { CityOptions } from './city-options.js';
import type { Random } from './random.js';

// When each reservation is booked, paid and ended, before any event is made. Each locker gets a
// share of the reservations by its Hub's popularity and its size; its windows are laid end to end
// in time, so no two bookings of one locker ever overlap, released or not. Demand grows over the
// history (a young business), and some bookings made before `now` start in the coming days.
// Kept in typed arrays: a million reservations fit in about 60 MB.

/** How a reservation ends: who ends it and with which command. */
export const Ending = { none: 0, finalize: 1, expireEnded: 2, expireOverdue: 3, cancel: 4 } as const;
export type EndingKind = (typeof Ending)[keyof typeof Ending];

export interface BookingPlan {
  count: number;
  locker: Uint32Array;
  startMs: Float64Array;
  endMs: Float64Array;
  /** When the booking was decided (the command's `now`). */
  createdMs: Float64Array;
  /** When it was paid; NaN when it was not paid by `now`. */
  paidMs: Float64Array;
  /** When it ended; NaN when it is still open at `now`. */
  endingMs: Float64Array;
  ending: Uint8Array;
  /** 0: pix, 1: credit_card. */
  method: Uint8Array;
  /** The renter who books it, unless their limit of active reservations is reached then. */
  renter: Uint32Array;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SLOT = 30 * MINUTE;
const JOB_DELAY_MS = 90_000;

const HOURS: readonly (readonly [number, number])[] = [
  [1, 25],
  [2, 25],
  [3, 15],
  [4, 12],
  [6, 8],
  [8, 6],
  [12, 4],
  [24, 4],
  [48, 1],
];
const SIZE_DEMAND: Record<LockerSize, number> = { P: 1.2, M: 1, G: 0.8, X: 0.5 };
/** Bookings made ahead start within days of `now`, fewer the further out. */
const FUTURE_DECAY_DAYS = 2;

const ceilSlot = (ms: number) => Math.ceil(ms / SLOT) * SLOT;
const floorSlot = (ms: number) => Math.floor(ms / SLOT) * SLOT;
const seconds = (ms: number) => Math.round(ms / 1000) * 1000;

/** Splits `total` over weights, exactly: floors, then the largest remainders get one more. */
function apportion(total: number, weights: readonly number[]): Uint32Array {
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = new Uint32Array(weights.length);
  const remainders = weights.map((w, i) => {
    const quota = (total * w) / sum;
    counts[i] = Math.floor(quota);
    return { i, rest: quota - Math.floor(quota) };
  });
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (const { i } of remainders.sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (left-- <= 0) break;
    counts[i]! += 1;
  }
  return counts;
}

/** A start time: linear growth over the history (0.4 → 1), then decaying into the future. */
function sampleStart(random: Random, from: number, now: number, futureDays: number): number {
  const history = (now - from) / DAY;
  const pastMass = history * 0.7;
  const futureMass = futureDays > 0 ? FUTURE_DECAY_DAYS * (1 - Math.exp(-futureDays / FUTURE_DECAY_DAYS)) : 0;
  const u = random.next() * (pastMass + futureMass);
  if (u < pastMass) {
    // Inverse of ∫(0.4 + 0.6 s/H) ds = 0.4x + 0.3x²/H.
    const x = (-0.4 + Math.sqrt(0.16 + (1.2 * u) / history)) / (0.6 / history);
    return from + x * DAY;
  }
  const x = -FUTURE_DECAY_DAYS * Math.log(1 - (u - pastMass) / FUTURE_DECAY_DAYS);
  return now + x * DAY;
}

export function planBookings(
  random: Random,
  lockers: readonly { hubIndex: number; size: LockerSize }[],
  hubCount: number,
  options: Pick<CityOptions, 'now' | 'historyDays' | 'futureDays' | 'reservations' | 'renters' | 'pendingNow' | 'paymentWindowMs' | 'maxReservationHours'>,
): BookingPlan {
  const n = options.reservations;
  const now = options.now.getTime();
  const from = now - options.historyDays * DAY;
  const plan: BookingPlan = {
    count: n,
    locker: new Uint32Array(n),
    startMs: new Float64Array(n),
    endMs: new Float64Array(n),
    createdMs: new Float64Array(n),
    paidMs: new Float64Array(n).fill(Number.NaN),
    endingMs: new Float64Array(n).fill(Number.NaN),
    ending: new Uint8Array(n),
    method: new Uint8Array(n),
    renter: new Uint32Array(n),
  };
  const hours = HOURS.filter(([h]) => h <= options.maxReservationHours);
  const popularity = Array.from({ length: hubCount }, () => 0.3 + 1.7 * random.next() ** 2);
  const perLocker = apportion(
    n,
    lockers.map((l) => popularity[l.hubIndex]! * SIZE_DEMAND[l.size]),
  );

  // Windows, locker by locker, laid end to end.
  let r = 0;
  perLocker.forEach((count, lockerIndex) => {
    const starts = Array.from({ length: count }, () => floorSlot(sampleStart(random, from, now, options.futureDays))).sort((a, b) => a - b);
    let free = 0;
    for (const wanted of starts) {
      const start = Math.max(wanted, ceilSlot(free));
      const end = start + random.weighted(hours) * HOUR;
      plan.locker[r] = lockerIndex;
      plan.startMs[r] = start;
      plan.endMs[r] = end;
      free = end;
      r++;
    }
  });

  const frequent = Math.max(1, Math.floor(options.renters * 0.05));
  for (let i = 0; i < n; i++) {
    planLifecycle(random, plan, i, now, options.paymentWindowMs);
    plan.renter[i] = random.chance(0.2) ? random.int(frequent) : random.int(options.renters);
  }
  leavePendingNow(random, plan, now, options.pendingNow ?? Math.max(1, Math.round(n / 2000)), options.paymentWindowMs);
  return plan;
}

/** Booking time, payment and ending of reservation i, everything after `now` left out. */
function planLifecycle(random: Random, plan: BookingPlan, i: number, now: number, windowMs: number): void {
  const start = plan.startMs[i]!;
  const end = plan.endMs[i]!;
  const lead = random.weighted([
    ['slot', 55],
    ['hours', 35],
    ['days', 10],
  ] as const);
  // Booked in the slot already running (the API accepts up to 35 minutes late), or ahead of it.
  let created =
    lead === 'slot'
      ? start + random.next() * 30 * MINUTE
      : lead === 'hours'
        ? start - (5 * MINUTE + random.next() * DAY)
        : start - (DAY + random.next() * 6 * DAY);
  if (created > now) created = start > now ? now - (MINUTE + random.next() * 12 * HOUR) : now - 1000;
  created = Math.floor(created / 1000) * 1000;
  plan.createdMs[i] = created;
  plan.method[i] = random.chance(0.6) ? 0 : 1;

  const due = Math.min(created + windowMs, end);
  const at = (ending: EndingKind, when: number) => {
    if (when > now) return;
    plan.ending[i] = ending;
    plan.endingMs[i] = when;
  };
  if (random.chance(0.06)) {
    // Never paid: the expiry job ends it when its payment window closes (by `now` at the latest).
    if (due <= now) at(Ending.expireOverdue, Math.min(now, seconds(due + 1000 + random.next() * JOB_DELAY_MS)));
    return;
  }
  const paid = seconds(created + 20_000 + random.next() * Math.min(10 * MINUTE, windowMs * 0.6));
  if (paid > now) return;
  plan.paidMs[i] = paid;
  const outcome = random.weighted([
    [Ending.finalize, 84],
    [Ending.expireEnded, 12],
    [Ending.cancel, 4],
  ] as const);
  if (outcome === Ending.cancel) at(Ending.cancel, seconds(paid + 30_000 + random.next() * Math.max(30_000, start - paid - 30_000)));
  else if (outcome === Ending.finalize) {
    const span = end - Math.max(start, paid);
    at(Ending.finalize, seconds(end - MINUTE - random.next() * Math.max(0, span / 2 - MINUTE)));
  } else if (end <= now) at(Ending.expireEnded, Math.min(now, seconds(end + 1000 + random.next() * JOB_DELAY_MS)));
}

/** Some bookings of the coming days were made minutes ago and are not paid yet. */
function leavePendingNow(random: Random, plan: BookingPlan, now: number, count: number, windowMs: number): void {
  const candidates: number[] = [];
  for (let i = 0; i < plan.count; i++) if (plan.startMs[i]! > now) candidates.push(i);
  for (let k = 0; k < count && candidates.length > 0; k++) {
    const i = candidates.splice(random.int(candidates.length), 1)[0]!;
    plan.createdMs[i] = Math.floor((now - random.next() * (windowMs - MINUTE)) / 1000) * 1000;
    plan.paidMs[i] = Number.NaN;
    plan.endingMs[i] = Number.NaN;
    plan.ending[i] = Ending.none;
  }
}
