import type { HubState } from '../hubs/hub-events.js';
import type { ScheduleEvent, ScheduleState } from '../schedule/locker-schedule.js';
import { decideSchedule, initialScheduleState } from '../schedule/locker-schedule.js';
import { conflict, notFound } from '../shared/domain-error.js';
import { BookingMessages } from './booking.js';
import { ReservationMessages } from './reservation-decide.js';
import type { ReservationEvent, ReservationState } from './reservation-events.js';
import { isOpen } from './reservation-events.js';

// When an admin deactivates a locker, each reservation still to come on it moves to another
// active locker of the same size in the same Hub, for the same window. Like a booking, a move
// touches several streams at once: the reservation's (its new locker), the old locker's day
// schedules (released) and the new locker's (booked). This pure function decides all of them;
// the command appends them in one atomic step with expected versions, so a move can never
// double-book the new locker, whatever bookings race it.

export interface MoveRequest {
  toLockerId: string;
  now: Date;
  /** A move answering a renter's report that the door did not open (domain/doors/door-failure.ts). */
  doorFailure?: { reportId: string };
}

export interface MoveDecision {
  /** ReservationMoved; empty when the reservation is already on that locker. */
  reservation: ReservationEvent[];
  /** The old locker's days: the booking released (days that no longer hold it are left out). */
  releases: { period: string; events: ScheduleEvent[] }[];
  /** The new locker's days: the booking made. */
  bookings: { period: string; events: ScheduleEvent[] }[];
}

/**
 * Whether the reservation still holds its locker at `now`: open, not over, and, while unpaid,
 * within its payment window (past it, the reservation only waits to be expired).
 */
export function holdsLocker(reservation: ReservationState, now: Date): boolean {
  if (reservation.status === 'none' || !isOpen(reservation.status)) return false;
  const at = now.getTime();
  if (at >= reservation.endMs) return false;
  return !(reservation.status === 'pending' && reservation.paymentDueMs !== null && at >= reservation.paymentDueMs);
}

/**
 * Moves an open reservation that is not over yet to `toLockerId`. Refuses a closed or ended
 * reservation, an unpaid one whose payment window closed (it no longer holds a locker), and a
 * target that is not an active GMV locker of the reservation's size in its Hub or is taken
 * during the window ('locker_unavailable': the caller tries the next one).
 */
export function decideMove(
  reservation: ReservationState,
  hub: HubState,
  fromDays: ReadonlyMap<string, ScheduleState>,
  toDays: ReadonlyMap<string, ScheduleState>,
  request: MoveRequest,
): MoveDecision {
  if (reservation.status === 'none') throw notFound('reservation_not_found', ReservationMessages.notFound);
  if (!isOpen(reservation.status)) throw conflict('reservation_closed', ReservationMessages.closed);
  if (request.now.getTime() >= reservation.endMs) throw conflict('reservation_ended', ReservationMessages.ended);
  if (!holdsLocker(reservation, request.now)) throw conflict('payment_window_closed', ReservationMessages.paymentWindowClosed);
  if (reservation.lockerId === request.toLockerId) return { reservation: [], releases: [], bookings: [] };

  const target = hub.status === 'registered' && hub.hubId === reservation.hubId ? hub.lockers.find((l) => l.lockerId === request.toLockerId) : undefined;
  if (!target || target.type !== 'GMV' || target.status !== 'Ativo' || target.size !== reservation.lockerSize) {
    throw conflict('locker_unavailable', BookingMessages.lockerUnavailable);
  }

  const { reservationId, lockerId: fromLockerId, periods } = reservation;
  const start = new Date(reservation.startMs);
  const end = new Date(reservation.endMs);
  const day = (days: ReadonlyMap<string, ScheduleState>, period: string) => days.get(period) ?? initialScheduleState();
  // Throws locker_unavailable when any day of the window holds an overlapping booking.
  const bookings = periods.map((period) => ({
    period,
    events: decideSchedule({ type: 'BookLocker', lockerId: target.lockerId, reservationId, start, end }, day(toDays, period)),
  }));
  const releases = periods
    .map((period) => ({ period, events: decideSchedule({ type: 'ReleaseBooking', lockerId: fromLockerId, reservationId }, day(fromDays, period)) }))
    .filter((r) => r.events.length > 0);
  return {
    reservation: [
      {
        type: 'ReservationMoved',
        data: {
          reservationId,
          hubId: reservation.hubId,
          fromLockerId,
          toLockerId: target.lockerId,
          toLockerOrderNumber: target.orderNumber,
          periods,
          ...(request.doorFailure ? { reason: 'door_failed' as const, reportId: request.doorFailure.reportId } : {}),
        },
      },
    ],
    releases,
    bookings,
  };
}
