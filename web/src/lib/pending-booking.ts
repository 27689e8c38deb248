import { StorageKeys, storage } from './storage';

// A visitor's booking choices kept across the login (or sign-up) detour: the Hub, size, date,
// start slot and duration they had picked when they pressed Reservar.

export interface PendingBooking {
  hubId: string;
  size: string | null;
  /** yyyy-MM-dd, local. */
  date: string | null;
  /** HH:mm. */
  slot: string | null;
  hours: number | null;
}

const KEYS = [StorageKeys.pendingHubId, StorageKeys.pendingSize, StorageKeys.pendingDate, StorageKeys.pendingSlot, StorageKeys.pendingHours];

/**
 * The choices the post-login redirect cleared from storage, kept in memory for the Hub page that
 * redirect leads to (storage is cleared at once so a later login does not redirect again).
 */
let handedOver: PendingBooking | null = null;

export function savePendingBooking(booking: { hubId: string; size: string; date: string; slot: string; hours: number }): void {
  storage.set(StorageKeys.pendingHubId, booking.hubId);
  storage.set(StorageKeys.pendingSize, booking.size);
  storage.set(StorageKeys.pendingDate, booking.date);
  storage.set(StorageKeys.pendingSlot, booking.slot);
  storage.set(StorageKeys.pendingHours, String(booking.hours));
}

function readStored(): PendingBooking | null {
  const hubId = storage.get(StorageKeys.pendingHubId);
  if (!hubId) return null;
  const hours = Number(storage.get(StorageKeys.pendingHours));
  return {
    hubId,
    size: storage.get(StorageKeys.pendingSize),
    date: storage.get(StorageKeys.pendingDate),
    slot: storage.get(StorageKeys.pendingSlot),
    hours: Number.isFinite(hours) && hours > 0 ? hours : null,
  };
}

/** Removes every pending-booking key together, handing the choices over to the next Hub page. */
export function clearPendingBooking(): void {
  handedOver = readStored() ?? handedOver;
  storage.remove(...KEYS);
}

/** The pending choices for this Hub, from storage or from the redirect's hand-over; no side effects. */
export function pendingBookingFor(hubId: string): PendingBooking | null {
  const pending = readStored() ?? handedOver;
  return pending && pending.hubId.toUpperCase() === hubId.toUpperCase() ? pending : null;
}

/** The Hub page has taken the handed-over choices: a later visit starts fresh. Storage is left alone. */
export function releaseHandOver(): void {
  handedOver = null;
}

/** A booking was made: nothing is pending any more. */
export function forgetPendingBooking(): void {
  handedOver = null;
  storage.remove(...KEYS);
}
