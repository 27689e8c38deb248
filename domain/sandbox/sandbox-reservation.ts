import type { HubState, LockerSize } from '../hubs/hub-events.js';
import { BookingMessages, bookableLockers, decideBooking } from '../reservations/booking.js';
import type { ReservationCommand } from '../reservations/reservation-decide.js';
import { decideReservation } from '../reservations/reservation-decide.js';
import type { PartnerCustomer, ReservationEvent, ReservationState, ReservationStatus } from '../reservations/reservation-events.js';
import { evolveReservation, isOpen } from '../reservations/reservation-events.js';
import { decideOpen } from '../reservations/renter-reservations.js';
import type { ScheduleState } from '../schedule/locker-schedule.js';
import { periodsOf } from '../schedule/locker-schedule.js';
import { DomainError, conflict, notFound } from '../shared/domain-error.js';

// A sandbox reservation (issue 27 item 5): booked on a simulated Hub with a sandbox token and kept
// in its own table, never in the event store. It follows the live rules because it *is* decided
// by them: the booking by decideBooking (window, maximum hours, price, no overlap on a locker),
// payment, cancellation and expiry by decideReservation; the decided events are folded into this
// record and dropped. Payment is recorded as 'sandbox': the amount is kept, nothing is charged or
// invoiced.

export interface SandboxReservation {
  id: string;
  partnerId: string;
  hubId: string;
  lockerId: string;
  size: LockerSize;
  lockerNumber: number;
  startMs: number;
  endMs: number;
  pricePerHourCents: number;
  priceCents: number;
  status: ReservationStatus;
  paymentDueMs: number | null;
  paymentMethod: 'sandbox' | null;
  amountCents: number | null;
  paidAtMs: number | null;
  customer: PartnerCustomer;
  createdAtMs: number;
  updatedAtMs: number;
}

export interface SandboxBookingRequest {
  reservationId: string;
  partnerId: string;
  size: LockerSize;
  start: Date;
  end: Date;
  now: Date;
  maxHours: number;
  paymentWindowMs: number;
  /** Active reservations one end customer may hold (the setting reservation_limit), as live. */
  limit: number;
  customer: PartnerCustomer;
}

/** The end customer's identity, as live partner bookings derive it: the e-mail, else the phone. */
export const customerKey = (c: PartnerCustomer) => (c.email ? `email:${c.email}` : `phone:${c.phone ?? ''}`);

const asState = (r: SandboxReservation): ReservationState => ({
  status: r.status,
  reservationId: r.id,
  userId: r.partnerId,
  hubId: r.hubId,
  lockerId: r.lockerId,
  lockerSize: r.size,
  startMs: r.startMs,
  endMs: r.endMs,
  priceCents: r.priceCents,
  pricePerHourCents: r.pricePerHourCents,
  periods: periodsOf(new Date(r.startMs), new Date(r.endMs)),
  paymentDueMs: r.paymentDueMs,
  code: null,
  claimedBy: null,
  pickupCode: null,
});

/** Folds decided events into the record: status and due time from the reservation's own fold, payment recorded as 'sandbox'. */
function folded(r: SandboxReservation, events: ReservationEvent[], now: Date): SandboxReservation {
  if (events.length === 0) return r;
  const state = events.reduce(evolveReservation, asState(r));
  if (state.status === 'none') return r;
  const paid = events.find((e) => e.type === 'PaymentConfirmed');
  return {
    ...r,
    status: state.status,
    paymentDueMs: state.paymentDueMs,
    ...(paid ? { paymentMethod: 'sandbox' as const, amountCents: paid.data.amountCents, paidAtMs: Date.parse(paid.data.paidAt) } : {}),
    updatedAtMs: now.getTime(),
  };
}

/**
 * Books the first free locker of the size on a simulated Hub, paid at once as the partner pays
 * its live bookings. `open` are the partner's open sandbox reservations: the end customer may
 * hold at most `limit` active ones (the renter rule, decideOpen), and a locker is free when none
 * of them overlaps the window (the schedule rule of live bookings).
 */
export function bookSandbox(req: SandboxBookingRequest, hub: HubState, open: readonly SandboxReservation[]): SandboxReservation {
  const key = customerKey(req.customer);
  const held = open
    .filter((r) => isOpen(r.status) && customerKey(r.customer) === key)
    .map((r) => ({ reservationId: r.id, endMs: r.endMs, paymentDueMs: r.status === 'pending' ? r.paymentDueMs : null }));
  decideOpen(
    { held, drops: [] },
    { userId: req.partnerId, reservationId: req.reservationId, endTime: req.end.toISOString(), paymentDueAt: null, now: req.now, limit: req.limit },
  );
  for (const locker of bookableLockers(hub, req.size)) {
    const bookings = open
      .filter((r) => r.lockerId === locker.lockerId && isOpen(r.status))
      .map((r) => ({ reservationId: r.id, startMs: r.startMs, endMs: r.endMs }));
    const schedules = new Map<string, ScheduleState>(periodsOf(req.start, req.end).map((period) => [period, { bookings }]));
    let decision;
    try {
      decision = decideBooking(
        {
          ...req,
          userId: req.partnerId,
          lockerId: locker.lockerId,
          canUsePrivateHub: true,
          codeHash: '',
          partner: { partnerId: req.partnerId, customer: req.customer },
        },
        hub,
        schedules,
      );
    } catch (error) {
      if (error instanceof DomainError && error.code === 'locker_unavailable') continue;
      throw error;
    }
    const created = decision.reservation.find((e) => e.type === 'ReservationCreated');
    if (created?.type !== 'ReservationCreated') throw new Error('a booking decides a ReservationCreated');
    const d = created.data;
    const booked: SandboxReservation = {
      id: req.reservationId,
      partnerId: req.partnerId,
      hubId: d.hubId,
      lockerId: d.lockerId,
      size: d.lockerSize,
      lockerNumber: d.lockerOrderNumber,
      startMs: Date.parse(d.startTime),
      endMs: Date.parse(d.endTime),
      pricePerHourCents: d.pricePerHourCents,
      priceCents: d.priceCents,
      status: 'pending',
      paymentDueMs: d.paymentDueAt ? Date.parse(d.paymentDueAt) : null,
      paymentMethod: null,
      amountCents: null,
      paidAtMs: null,
      customer: req.customer,
      createdAtMs: req.now.getTime(),
      updatedAtMs: req.now.getTime(),
    };
    // A partner's booking is born paid (decideBooking's partner rule): pending → active, recorded
    // as 'sandbox' here where live records 'partner_invoice'.
    return folded(booked, decision.reservation.slice(1), req.now);
  }
  throw conflict('no_locker_available', BookingMessages.noneOfSize(req.size));
}

/** A reservation command on a sandbox reservation, by the live decider's rules. */
export function decideSandbox(r: SandboxReservation, command: ReservationCommand): SandboxReservation {
  return folded(r, decideReservation(command, asState(r)), command.now);
}

/**
 * The reservation as of now: unpaid past its payment window, or open past its end, it has
 * expired (what the live worker and sweeper would have done). Read paths settle before answering.
 */
export function settleSandbox(r: SandboxReservation, now: Date): SandboxReservation {
  try {
    return decideSandbox(r, { type: 'ExpireReservation', now });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'reservation_not_due') return r;
    throw error;
  }
}

export const SandboxMessages = {
  notFound: 'Reserva não encontrada.',
} as const;

/** 404 for a reservation that is not this partner's (or not a sandbox one): the same answer. */
export const sandboxNotFound = () => notFound('not_found', SandboxMessages.notFound);

/** The test access code's slot: codes rotate every 5 minutes inside the window, as live ones (ADR 0003). */
export const SANDBOX_CODE_TTL_MS = 300_000;

/** Which code is current (n) and until when, or null when no code opens now (not active, or outside the window). */
export function sandboxCodeSlot(r: SandboxReservation, now: Date): { n: number; expiresMs: number } | null {
  const t = now.getTime();
  if (r.status !== 'active' || t < r.startMs || t >= r.endMs) return null;
  const n = Math.floor((t - r.startMs) / SANDBOX_CODE_TTL_MS);
  return { n, expiresMs: Math.min(r.startMs + (n + 1) * SANDBOX_CODE_TTL_MS, r.endMs) };
}
