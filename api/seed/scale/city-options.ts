// The knobs of a city-scale data set. The defaults are the size issue 7 measures at: 1,000 Hubs
// in São Paulo, 24 lockers each, 50,000 renters, 1,000,000 reservations over two years.

export interface CityOptions {
  /** Text or number; the same seed and options give the same data set, ids included. */
  seed: string;
  hubs: number;
  lockersPerHub: number;
  renters: number;
  reservations: number;
  /** The present of the data set: reservations run up to it, a few beyond. */
  now: Date;
  /** How far back the first reservations start. */
  historyDays: number;
  /** How far ahead bookings made before `now` may start. */
  futureDays: number;
  /** Reservations left unpaid inside their payment window at `now`. Default: 1 in 2,000 (at least 1). */
  pendingNow?: number;
  /** Password of every seeded account (stored once hashed, the same hash for all). */
  password: string;
  paymentWindowMs: number;
  maxActiveReservations: number;
  maxReservationHours: number;
}

export const DEFAULT_CITY: Omit<CityOptions, 'now' | 'password'> = {
  seed: 'sao-paulo-1',
  hubs: 1_000,
  lockersPerHub: 24,
  renters: 50_000,
  reservations: 1_000_000,
  historyDays: 730,
  futureDays: 14,
  paymentWindowMs: 15 * 60_000,
  maxActiveReservations: 5,
  maxReservationHours: 48,
};

/** The most reservations one run can order by time (22 bits of the sort key, see lifecycle.ts). */
export const MAX_RESERVATIONS = 2 ** 22;

/** Whole minutes: a `now` read from the clock gives whole-second event times. */
export const floorToMinute = (date: Date) => new Date(Math.floor(date.getTime() / 60_000) * 60_000);

export function resolveCityOptions(options: Partial<CityOptions> & Pick<CityOptions, 'password'>): CityOptions {
  const resolved: CityOptions = { ...DEFAULT_CITY, now: floorToMinute(new Date()), ...options };
  const whole = (name: keyof CityOptions, min: number) => {
    const value = resolved[name];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min) throw new RangeError(`${name} must be a whole number ≥ ${min}`);
  };
  whole('hubs', 1);
  whole('lockersPerHub', 1);
  whole('renters', 1);
  whole('reservations', 0);
  whole('historyDays', 1);
  whole('futureDays', 0);
  if (resolved.reservations > MAX_RESERVATIONS) throw new RangeError(`reservations must be at most ${MAX_RESERVATIONS}`);
  // Hub ids are two letters and two digits: 26 × 26 × 100 of them, less the demo prefixes.
  if (resolved.hubs > 60_000) throw new RangeError('hubs must be at most 60000');
  if (resolved.now.getTime() % 1000 !== 0) throw new RangeError('now must be a whole second');
  return resolved;
}
