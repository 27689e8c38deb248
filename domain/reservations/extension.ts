import { codeOpens } from '../doors/code-window.js';
import type { PaymentProvider } from '../payments/pix-facts.js';
import { billableHours, priceInCents } from '../pricing/price.js';
import type { ScheduleEvent, ScheduleState } from '../schedule/locker-schedule.js';
import { decideSchedule, freeUntil, initialScheduleState, periodsOf } from '../schedule/locker-schedule.js';
import { conflict, invalid, notFound } from '../shared/domain-error.js';
import { formatSaoPauloDateTime } from '../shared/sao-paulo-time.js';
import { ACCESS_CODE_TTL_MS, ReservationMessages } from './reservation-decide.js';
import type { PaymentMethod, ReservationEvent, ReservationState } from './reservation-events.js';
import { codeExpiry } from './reservation-events.js';

// Issue 28 item 6: an active reservation runs 1, 2, 3 or 6 hours longer on the same locker.
// Like a booking, an extension touches several streams at once: the reservation's and the day
// schedules of its whole new window (the days it already held get LockerBookingExtended, new
// days LockerBooked). The command appends them in one step with expected versions, so an
// extension and a booking of the same locker racing for the extra time never both win.

export const EXTENSION_HOURS = [1, 2, 3, 6] as const;
export type ExtensionHours = (typeof EXTENSION_HOURS)[number];

const HOUR_MS = 3_600_000;

export const ExtensionMessages = {
  badHours: 'Escolha estender por 1, 2, 3 ou 6 horas.',
  notActive: 'Só uma reserva ativa (paga) pode ser estendida.',
  tooLong: (max: number) => `Com esta extensão a reserva passaria do máximo de ${max} horas.`,
  busyUntil: (ms: number) => `Este locker está livre só até ${formatSaoPauloDateTime(ms)}.`,
  // With a real PSP only PIX takes money, and an extension has no charge of its own yet.
  realPaymentNotYet: 'Com pagamento real, a extensão é paga por PIX. Escolha PIX para ver o QR code.',
  priceChanged: 'O valor pago não corresponde ao preço desta extensão.',
} as const;

export interface ExtensionAsk {
  hours: number;
  now: Date;
  maxHours: number;
}

export interface ExtensionQuote {
  available: boolean;
  priceCents: number;
  /** The new end if extended. */
  toEndMs: number;
  /** Until when the locker is free after the current end when that is before toEndMs; else null. */
  freeUntilMs: number | null;
}

export interface ExtensionRequest extends ExtensionAsk {
  extensionId: string;
  method: PaymentMethod;
  provider: PaymentProvider;
  /** The next access code's hash: the code in force was cut short at the old end. */
  codeHash: string;
  /** A PIX the PSP confirmed for this extension's charge (a real PSP); absent: paid as it is made. */
  pix?: { txid: string; e2eid: string; paidAt: string; amountCents: number };
}

export interface ExtensionDecision {
  reservation: ReservationEvent[];
  schedules: { period: string; events: ScheduleEvent[] }[];
}

type Open = Extract<ReservationState, { reservationId: string }>;

/** The refusals that come before the locker's schedule: the reservation and the hours asked. */
function checkAsk(reservation: ReservationState, ask: ExtensionAsk): Open {
  if (reservation.status === 'none') throw notFound('reservation_not_found', ReservationMessages.notFound);
  if (!(EXTENSION_HOURS as readonly number[]).includes(ask.hours)) throw invalid('invalid_hours', ExtensionMessages.badHours);
  if (reservation.status !== 'active') throw conflict('reservation_not_active', ExtensionMessages.notActive);
  if (ask.now.getTime() >= reservation.endMs) throw conflict('reservation_ended', ReservationMessages.ended);
  const toEndMs = reservation.endMs + ask.hours * HOUR_MS;
  if (billableHours(reservation.startMs, toEndMs) > ask.maxHours) throw invalid('too_long', ExtensionMessages.tooLong(ask.maxHours));
  return reservation;
}

/** The UTC days of the reservation's window once extended: the streams an extension reads and writes. */
export function extensionPeriods(reservation: Open, hours: number): string[] {
  return periodsOf(new Date(reservation.startMs), new Date(reservation.endMs + hours * HOUR_MS));
}

/** What the renter sees before paying: the price, and whether (or until when) the locker is free. */
export function quoteExtension(reservation: ReservationState, days: ReadonlyMap<string, ScheduleState>, ask: ExtensionAsk): ExtensionQuote {
  const open = checkAsk(reservation, ask);
  const toEndMs = open.endMs + ask.hours * HOUR_MS;
  const until = freeUntil(days.values(), open.endMs, open.reservationId);
  const freeUntilMs = until !== null && until < toEndMs ? until : null;
  return { available: freeUntilMs === null, priceCents: priceInCents(open.endMs, toEndMs, open.pricePerHourCents), toEndMs, freeUntilMs };
}

/**
 * Extends an active reservation that has not ended, paid at once (`method`, `provider`). Refuses
 * hours other than 1/2/3/6, a total past the maximum hours, and a locker taken during the extra
 * time ('locker_busy', with until when it is free). Issues the next access code when the window
 * has begun, so the code in force, cut short at the old end, is replaced by one that runs on.
 */
export function decideExtension(reservation: ReservationState, days: ReadonlyMap<string, ScheduleState>, req: ExtensionRequest): ExtensionDecision {
  const quote = quoteExtension(reservation, days, req);
  const open = reservation as Open;
  if (quote.freeUntilMs !== null) {
    throw conflict('locker_busy', ExtensionMessages.busyUntil(quote.freeUntilMs), { freeUntil: new Date(quote.freeUntilMs).toISOString() });
  }
  const { reservationId, lockerId } = open;
  const start = new Date(open.startMs);
  const end = new Date(quote.toEndMs);
  const periods = extensionPeriods(open, req.hours);
  const schedules = periods.map((period) => ({
    period,
    events: decideSchedule({ type: 'ExtendBooking', lockerId, reservationId, start, end }, days.get(period) ?? initialScheduleState()),
  }));
  if (req.pix && req.pix.amountCents !== quote.priceCents) throw conflict('extension_price_changed', ExtensionMessages.priceChanged);
  const now = req.now.getTime();
  const at = req.now.toISOString();
  const extended: ReservationEvent = {
    type: 'ReservationExtended',
    data: {
      reservationId,
      extensionId: req.extensionId,
      hours: req.hours,
      fromEndTime: new Date(open.endMs).toISOString(),
      toEndTime: end.toISOString(),
      amountCents: quote.priceCents,
      periods: periods.filter((p) => !open.periods.includes(p)),
      method: req.method,
      provider: req.provider,
      paidAt: req.pix?.paidAt ?? at,
      ...(req.pix ? { txid: req.pix.txid, e2eid: req.pix.e2eid } : {}),
    },
  };
  const code: ReservationEvent[] = codeOpens('access', { startMs: open.startMs, endMs: quote.toEndMs }, now)
    ? [
        {
          type: 'AccessCodeIssued',
          data: { reservationId, codeHash: req.codeHash, issuedAt: at, expiresAt: codeExpiry(now, quote.toEndMs, ACCESS_CODE_TTL_MS) },
        },
      ]
    : [];
  return { reservation: [extended, ...code], schedules: schedules.filter((s) => s.events.length > 0) };
}
