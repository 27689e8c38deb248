import type { HubEvent } from '../hubs/hub-events.js';
import type { ScheduleEvent } from '../schedule/locker-schedule.js';
import type { ReservationEvent } from './reservation-events.js';

// The model under the no-double-booking property (no-double-booking.property.test.ts): a log of
// versioned streams with atomic multi-stream appends, and the live bookings its day schedules hold.

export type AnyEvent = HubEvent | ScheduleEvent | ReservationEvent;

export class Log {
  readonly streams = new Map<string, AnyEvent[]>();
  version = (id: string) => this.streams.get(id)?.length ?? 0;
  read = <E extends AnyEvent>(id: string, upTo = this.version(id)) => (this.streams.get(id) ?? []).slice(0, upTo) as E[];
  /** Atomic append to several streams; with `expected`, only if every listed stream is unchanged. */
  append(writes: { streamId: string; events: AnyEvent[] }[], expected: Map<string, number> | null): boolean {
    if (expected && [...expected].some(([id, v]) => this.version(id) !== v)) return false;
    for (const { streamId, events } of writes) this.streams.set(streamId, [...(this.streams.get(streamId) ?? []), ...events]);
    return true;
  }
}

export type Live = { reservationId: string; startMs: number; endMs: number };
export const overlap = (a: Live, b: Live) => a.startMs < b.endMs && b.startMs < a.endMs;

/**
 * Live bookings per locker from raw schedule streams: a booking is live in a stream until released
 * in that same stream; deduped by reservation across the day streams it spans.
 */
export function liveBookings(streams: ScheduleEvent[][]): Map<string, Live[]> {
  const live = new Map<string, Map<string, Live>>();
  for (const events of streams) {
    const inStream = new Map<string, { lockerId: string; booking: Live }>();
    for (const e of events) {
      if (e.type === 'LockerBookingReleased') inStream.delete(e.data.reservationId);
      else if (e.type === 'LockerBookingExtended') {
        const held = inStream.get(e.data.reservationId);
        if (held) held.booking = { ...held.booking, endMs: Date.parse(e.data.endTime) };
      } else {
        const booking = { reservationId: e.data.reservationId, startMs: Date.parse(e.data.startTime), endMs: Date.parse(e.data.endTime) };
        inStream.set(booking.reservationId, { lockerId: e.data.lockerId, booking });
      }
    }
    for (const { lockerId, booking } of inStream.values()) {
      const byId = live.get(lockerId) ?? new Map<string, Live>();
      const seen = byId.get(booking.reservationId);
      if (seen && (seen.startMs !== booking.startMs || seen.endMs !== booking.endMs)) throw new Error(`${booking.reservationId} booked with two windows`);
      byId.set(booking.reservationId, booking);
      live.set(lockerId, byId);
    }
  }
  return new Map([...live].map(([lockerId, byId]) => [lockerId, [...byId.values()]]));
}
