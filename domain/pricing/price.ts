// Price rule (spec §1): whole hours between start and end, any started hour charged, times the
// locker's price per hour. Everything in integer cents.

const HOUR_MS = 3_600_000;

export function billableHours(startMs: number, endMs: number): number {
  if (!(endMs > startMs)) throw new RangeError('end must be after start');
  return Math.ceil((endMs - startMs) / HOUR_MS);
}

export function priceInCents(startMs: number, endMs: number, pricePerHourCents: number): number {
  if (!Number.isInteger(pricePerHourCents) || pricePerHourCents < 0) throw new RangeError('price per hour must be whole cents ≥ 0');
  return billableHours(startMs, endMs) * pricePerHourCents;
}

/** Reais as the spec writes them (5 → R$ 5,00/h, step 0.01) to integer cents. */
export function reaisToCents(reais: number): number {
  if (!Number.isFinite(reais) || reais < 0) throw new RangeError('price must be a number ≥ 0');
  return Math.round(reais * 100);
}

export const centsToReais = (cents: number): number => cents / 100;
