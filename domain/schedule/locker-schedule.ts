import type { Decider, DomainEvent } from '../shared/decider.js';
import { conflict } from '../shared/domain-error.js';

// One stream per locker per UTC day holds that day's bookings, so the stream that guards
// "no two bookings of one locker overlap" stays short. A booking is recorded in every day it
// touches; any two overlapping bookings therefore share at least one day stream, and the
// expected-version append on that stream makes the second one re-decide and fail.

export type ScheduleEvent =
  | DomainEvent<'LockerBooked', { lockerId: string; reservationId: string; startTime: string; endTime: string }>
  | DomainEvent<'LockerBookingReleased', { lockerId: string; reservationId: string }>;

export type ScheduleCommand =
  { type: 'BookLocker'; lockerId: string; reservationId: string; start: Date; end: Date } | { type: 'ReleaseBooking'; lockerId: string; reservationId: string };

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
  }
}

export const scheduleDecider: Decider<ScheduleCommand, ScheduleEvent, ScheduleState> = {
  decide: decideSchedule,
  evolve: evolveSchedule,
  initialState: initialScheduleState,
};

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
