import type { Decider, DomainEvent } from '../shared/decider.js';
import { conflict } from '../shared/domain-error.js';

// One stream per locker per UTC day holds that day's bookings, so the stream that guards
// "no two bookings of one locker overlap" stays short. A booking is recorded in every day it
// touches; any two overlapping bookings therefore share at least one day stream, and the
// expected-version append on that stream makes the second one re-decide and fail.

export type ScheduleEvent =
  | DomainEvent<'LockerBooked', { lockerId: string; reservationId: string; startTime: string; endTime: string }>
  | DomainEvent<'LockerBookingReleased', { lockerId: string; reservationId: string }>
  // Issue 28: a booking this day already holds now ends later (its reservation was extended).
  | DomainEvent<'LockerBookingExtended', { lockerId: string; reservationId: string; endTime: string }>;

export type ScheduleCommand =
  | { type: 'BookLocker'; lockerId: string; reservationId: string; start: Date; end: Date }
  | { type: 'ReleaseBooking'; lockerId: string; reservationId: string }
  // The whole new window [start, end): booked where this day does not hold it yet, else extended.
  | { type: 'ExtendBooking'; lockerId: string; reservationId: string; start: Date; end: Date };

export interface Booking {
  reservationId: string;
  startMs: number;
  endMs: number;
}

export interface ScheduleState {
  bookings: Booking[];
}

export const initialScheduleState = (): ScheduleState => ({ bookings: [] });

export function evolveSchedule(state: ScheduleState, event: ScheduleEvent): ScheduleState {
  switch (event.type) {
    case 'LockerBooked': {
      const { reservationId, startTime, endTime } = event.data;
      return { bookings: [...state.bookings, { reservationId, startMs: Date.parse(startTime), endMs: Date.parse(endTime) }] };
    }
    case 'LockerBookingReleased':
      return { bookings: state.bookings.filter((b) => b.reservationId !== event.data.reservationId) };
    case 'LockerBookingExtended': {
      const endMs = Date.parse(event.data.endTime);
      return { bookings: state.bookings.map((b) => (b.reservationId === event.data.reservationId ? { ...b, endMs } : b)) };
    }
  }
}

export const overlaps = (a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }) => a.startMs < b.endMs && b.startMs < a.endMs;

export function decideSchedule(command: ScheduleCommand, state: ScheduleState): ScheduleEvent[] {
  const booked = state.bookings.some((b) => b.reservationId === command.reservationId);
  switch (command.type) {
    case 'BookLocker': {
      if (booked) return [];
      const wanted = { startMs: command.start.getTime(), endMs: command.end.getTime() };
      if (state.bookings.some((b) => overlaps(b, wanted))) throw conflict('locker_unavailable', 'Locker indisponível neste período');
      const { lockerId, reservationId } = command;
      return [{ type: 'LockerBooked', data: { lockerId, reservationId, startTime: command.start.toISOString(), endTime: command.end.toISOString() } }];
    }
    case 'ReleaseBooking':
      return booked ? [{ type: 'LockerBookingReleased', data: { lockerId: command.lockerId, reservationId: command.reservationId } }] : [];
    case 'ExtendBooking': {
      const { lockerId, reservationId, start, end } = command;
      const own = state.bookings.find((b) => b.reservationId === reservationId);
      if (own && own.endMs >= end.getTime()) return [];
      // Only the extra time is asked for: the time already held is this booking's.
      const wanted = { startMs: own ? own.endMs : start.getTime(), endMs: end.getTime() };
      if (state.bookings.some((b) => b.reservationId !== reservationId && overlaps(b, wanted))) {
        throw conflict('locker_unavailable', 'Locker indisponível neste período');
      }
      return own
        ? [{ type: 'LockerBookingExtended', data: { lockerId, reservationId, endTime: end.toISOString() } }]
        : [{ type: 'LockerBooked', data: { lockerId, reservationId, startTime: start.toISOString(), endTime: end.toISOString() } }];
    }
  }
}

export const scheduleDecider: Decider<ScheduleCommand, ScheduleEvent, ScheduleState> = {
  decide: decideSchedule,
  evolve: evolveSchedule,
  initialState: initialScheduleState,
};

/**
 * Until when the locker is free after `fromMs` within the days read: the start of the earliest
 * other booking that ends after it; null when none of these days holds one.
 */
export function freeUntil(days: Iterable<ScheduleState>, fromMs: number, exceptReservationId: string): number | null {
  let first: number | null = null;
  for (const day of days) {
    for (const b of day.bookings) {
      if (b.reservationId === exceptReservationId || b.endMs <= fromMs) continue;
      const start = Math.max(b.startMs, fromMs);
      if (first === null || start < first) first = start;
    }
  }
  return first;
}

const DAY_MS = 86_400_000;

/** The UTC days a window [start, end) touches, as YYYY-MM-DD. */
export function periodsOf(start: Date, end: Date): string[] {
  const days: string[] = [];
  const last = Math.floor((end.getTime() - 1) / DAY_MS);
  for (let day = Math.floor(start.getTime() / DAY_MS); day <= last; day++) {
    days.push(new Date(day * DAY_MS).toISOString().slice(0, 10));
  }
  return days;
}

export const scheduleStreamId = (lockerId: string, period: string) => `locker-schedule-${lockerId}-${period}`;
