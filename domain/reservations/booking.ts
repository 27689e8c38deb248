import { codeOpens } from '../doors/code-window.js';
import { billableHours, priceInCents } from '../pricing/price.js';
import type { HubState, Locker, LockerSize } from '../hubs/hub-events.js';
import { conflict, forbidden, invalid, notFound } from '../shared/domain-error.js';
import type { ScheduleEvent, ScheduleState } from '../schedule/locker-schedule.js';
import { decideSchedule, periodsOf } from '../schedule/locker-schedule.js';
import type { PartnerCustomer, ReservationEvent } from './reservation-events.js';
import { codeExpiry } from './reservation-events.js';
import { ACCESS_CODE_TTL_MS } from './reservation-decide.js';
import { startsTooFarAhead, tooFarAheadMessage } from './booking-horizon.js';

// Booking one locker touches three things at once: the Hub (is the locker there, active, what
// does it cost), the locker's day schedules (is the window free) and the new reservation. This
// pure function decides all of it; the edge appends the result to every stream in one step.

export interface BookingRequest {
  reservationId: string;
  userId: string;
  lockerId: string;
  start: Date;
  end: Date;
  now: Date;
  maxHours: number;
  /** Admins, or holders of an access grant, may book a private Hub. */
  canUsePrivateHub: boolean;
  codeHash: string;
  /** How long an unpaid reservation holds its locker (PAYMENT_WINDOW_MINUTES). */
  paymentWindowMs: number;
  /**
   * Booked through the partner API for its end customer: the partner pays at once (invoiced
   * later), so the reservation is born paid and never holds its locker unpaid.
   */
  partner?: PartnerBooking;
}

export interface PartnerBooking {
  partnerId: string;
  customer: PartnerCustomer;
}

export interface BookingDecision {
  reservation: ReservationEvent[];
  schedules: { period: string; events: ScheduleEvent[] }[];
}

/**
 * A booking may start in the current half-hour slot, which began up to 30 minutes ago; five more
 * minutes cover the time between choosing that slot and the request reaching the server.
 */
export const START_GRACE_MS = 35 * 60_000;

export const BookingMessages = {
  hubNotFound: 'Hub não encontrado',
  privateHub: 'Você precisa solicitar acesso a este Hub privado.',
  lockerUnavailable: 'Locker indisponível neste período',
  badWindow: 'O horário de término deve ser após o início.',
  pastStart: 'Não é possível reservar um horário no passado.',
  tooLong: (max: number) => `A reserva pode durar no máximo ${max} horas.`,
  noneOfSize: (size: LockerSize) => `Não há lockers disponíveis do tamanho ${size}`,
} as const;

/** Active GMV lockers of a size, in order: the spec books the first free one. */
export function bookableLockers(hub: HubState, size: LockerSize): Locker[] {
  if (hub.status !== 'registered') return [];
  return hub.lockers.filter((l) => l.size === size && l.type === 'GMV' && l.status === 'Ativo');
}

export function validateWindow(start: Date, end: Date, now: Date, maxHours: number): void {
  if (!(end.getTime() > start.getTime())) throw invalid('invalid_window', BookingMessages.badWindow);
  if (start.getTime() < now.getTime() - START_GRACE_MS) throw invalid('start_in_past', BookingMessages.pastStart);
  if (startsTooFarAhead(start, now)) throw invalid('too_far_ahead', tooFarAheadMessage);
  if (billableHours(start.getTime(), end.getTime()) > maxHours) throw invalid('too_long', BookingMessages.tooLong(maxHours));
}

export function decideBooking(req: BookingRequest, hub: HubState, schedules: ReadonlyMap<string, ScheduleState>): BookingDecision {
  if (hub.status !== 'registered') throw notFound('hub_not_found', BookingMessages.hubNotFound);
  if (hub.details.private && !req.canUsePrivateHub) throw forbidden('private_hub', BookingMessages.privateHub);
  validateWindow(req.start, req.end, req.now, req.maxHours);
  const locker = hub.lockers.find((l) => l.lockerId === req.lockerId);
  if (!locker || locker.type !== 'GMV' || locker.status !== 'Ativo') throw conflict('locker_unavailable', BookingMessages.lockerUnavailable);

  const periods = periodsOf(req.start, req.end);
  const scheduleEvents = periods.map((period) => {
    const state = schedules.get(period) ?? { bookings: [] };
    const command = { type: 'BookLocker', lockerId: locker.lockerId, reservationId: req.reservationId, start: req.start, end: req.end } as const;
    return { period, events: decideSchedule(command, state) };
  });

  const priceCents = priceInCents(req.start.getTime(), req.end.getTime(), locker.pricePerHourCents);
  const at = req.now.getTime();
  const paymentDueAt = req.partner ? null : paymentDueAtFor(locker, req);
  const partner = req.partner ? { partnerId: req.partner.partnerId, customer: req.partner.customer } : {};
  return {
    schedules: scheduleEvents,
    reservation: [
      {
        type: 'ReservationCreated',
        data: {
          reservationId: req.reservationId,
          userId: req.userId,
          hubId: hub.hubId,
          lockerId: locker.lockerId,
          lockerSize: locker.size,
          lockerOrderNumber: locker.orderNumber,
          startTime: req.start.toISOString(),
          endTime: req.end.toISOString(),
          pricePerHourCents: locker.pricePerHourCents,
          priceCents,
          periods,
          paymentDueAt,
          ...partner,
        },
      },
      // The partner pays in the same step: no unpaid hold, nothing for the renter to pay.
      ...(req.partner
        ? [
            {
              type: 'PaymentConfirmed' as const,
              data: { reservationId: req.reservationId, method: 'partner_invoice' as const, amountCents: priceCents, paidAt: req.now.toISOString() },
            },
          ]
        : []),
      // The booking's code only when its window has begun: a code must not open before it.
      ...(codeOpens('access', { startMs: req.start.getTime(), endMs: req.end.getTime() }, at)
        ? [
            {
              type: 'AccessCodeIssued' as const,
              data: {
                reservationId: req.reservationId,
                codeHash: req.codeHash,
                issuedAt: req.now.toISOString(),
                expiresAt: codeExpiry(at, req.end.getTime(), ACCESS_CODE_TTL_MS),
              },
            },
          ]
        : []),
    ],
  };
}

/**
 * Until when a booking of this locker would be held unpaid; null when it owes nothing. Only what
 * is owed is waited for: a free booking (private Hubs) holds its locker to the end.
 */
export function paymentDueAtFor(
  locker: Pick<Locker, 'pricePerHourCents'>,
  req: Pick<BookingRequest, 'start' | 'end' | 'now' | 'paymentWindowMs'>,
): string | null {
  if (priceInCents(req.start.getTime(), req.end.getTime(), locker.pricePerHourCents) <= 0) return null;
  return new Date(Math.min(req.now.getTime() + req.paymentWindowMs, req.end.getTime())).toISOString();
}

/** Freeing the locker when a reservation ends early: one release per day stream it holds. */
export function releaseEvents(reservation: { reservationId: string; lockerId: string; periods: string[] }) {
  return reservation.periods.map((period) => ({
    period,
    events: [{ type: 'LockerBookingReleased', data: { lockerId: reservation.lockerId, reservationId: reservation.reservationId } }] as ScheduleEvent[],
  }));
}
