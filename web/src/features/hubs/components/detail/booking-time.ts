import { format } from 'date-fns';

// Booking window helpers (spec §5 "Booking", §9): half-hour slots, fixed durations, and the
// price rule "any started hour is charged". All dates are the browser's local time.

export const DURATIONS_HOURS = [1, 2, 3, 4, 6, 12, 24] as const;
export const SLOT_MINUTES = 30;
/** Slots for today stay offered until they are this far in the past (the API allows 5 min more). */
export const PAST_SLOT_GRACE_MINUTES = 30;

export const durationLabel = (hours: number) => (hours === 1 ? '1 hora' : `${hours} horas`);

/** '00:00', '00:30', ... '23:30'. */
export const ALL_SLOTS: string[] = Array.from({ length: (24 * 60) / SLOT_MINUTES }, (_, i) => {
  const minutes = i * SLOT_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

export const toDateInput = (date: Date) => format(date, 'yyyy-MM-dd');
export const todayInput = (now: Date) => toDateInput(now);

/** The current time rounded down to :00 or :30. */
export function currentSlot(now: Date): string {
  const minutes = now.getHours() * 60 + now.getMinutes();
  const rounded = Math.floor(minutes / SLOT_MINUTES) * SLOT_MINUTES;
  return `${String(Math.floor(rounded / 60)).padStart(2, '0')}:${String(rounded % 60).padStart(2, '0')}`;
}

const slotMinutes = (slot: string) => {
  const [h, m] = slot.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Slots offered for a date: every slot on a future day; today, none more than 30 min in the past. */
export function slotsFor(dateInput: string, now: Date): string[] {
  if (dateInput !== todayInput(now)) return ALL_SLOTS;
  const cutoff = now.getHours() * 60 + now.getMinutes() - PAST_SLOT_GRACE_MINUTES;
  return ALL_SLOTS.filter((slot) => slotMinutes(slot) >= cutoff);
}

/** Local date ('yyyy-MM-dd') + slot ('HH:mm') as a Date in the browser's time zone. */
export function localDateTime(dateInput: string, slot: string): Date | null {
  const [y, mo, d] = dateInput.split('-').map(Number);
  const [h, mi] = slot.split(':').map(Number);
  if (!y || !mo || !d || h === undefined || mi === undefined || Number.isNaN(h) || Number.isNaN(mi)) return null;
  const date = new Date(y, mo - 1, d, h, mi, 0, 0);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** End of the same local day (23:59:59): a private Hub's reservation runs until then. */
export const endOfLocalDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 0);

export const billableHours = (start: Date, end: Date) => Math.max(0, Math.ceil((end.getTime() - start.getTime()) / 3_600_000));

/** Price in cents: hours rounded up × price per hour (reais). */
export const priceCents = (start: Date, end: Date, pricePerHourReais: number) => billableHours(start, end) * Math.round(pricePerHourReais * 100);
