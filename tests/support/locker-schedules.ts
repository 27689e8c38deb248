// What the log says a locker holds: its live bookings, read back from its day schedule streams
// (a release cancels its booking), for the no-double-booking tests and the booking bench.
import type { ScheduleEvent } from '../../domain/schedule/locker-schedule.js';
import { overlaps, scheduleStreamId } from '../../domain/schedule/locker-schedule.js';
import type { EventStore } from '../../infra/eventstore/port.js';

export interface LiveBooking {
  startMs: number;
  endMs: number;
}

export async function liveBookings(store: EventStore, lockerId: string, days: Iterable<string>): Promise<LiveBooking[]> {
  const live = new Map<string, LiveBooking>();
  for (const day of days) {
    for (const e of (await store.readStream(scheduleStreamId(lockerId, day))) as unknown as ScheduleEvent[]) {
      if (e.type === 'LockerBooked') live.set(e.data.reservationId, { startMs: Date.parse(e.data.startTime), endMs: Date.parse(e.data.endTime) });
      else if (e.type === 'LockerBookingExtended') {
        const held = live.get(e.data.reservationId);
        if (held) held.endMs = Date.parse(e.data.endTime);
      } else live.delete(e.data.reservationId);
    }
  }
  return [...live.values()];
}

/** Every pair of bookings in the list that overlap. */
export const overlappingPairs = (list: LiveBooking[]): [LiveBooking, LiveBooking][] =>
  list.flatMap((a, i) =>
    list
      .slice(i + 1)
      .filter((b) => overlaps(a, b))
      .map((b): [LiveBooking, LiveBooking] => [a, b]),
  );
