import type { ExtensionQuote } from '../domain/reservations/extension.js';
import { decideExtension, extensionPeriods, ExtensionMessages, quoteExtension } from '../domain/reservations/extension.js';
import { reservationDecider } from '../domain/reservations/reservation-decide.js';
import type { PaymentMethod, ReservationEvent, ReservationState } from '../domain/reservations/reservation-events.js';
import { reservationStreamId } from '../domain/reservations/reservation-events.js';
import type { ScheduleState } from '../domain/schedule/locker-schedule.js';
import { scheduleStreamId } from '../domain/schedule/locker-schedule.js';
import { conflict } from '../domain/shared/domain-error.js';
import { hashAccessCode, rotatedAccessCode } from './access-code.js';
import { bookingCacheFor } from './booking-cache.js';
import type { CommandContext, LoadedStream } from './command-handler.js';
import { asDomainEvents, loadState, runCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { bookingRulesOf } from './deps.js';
import { derivedUuid } from './idempotency.js';
import { newId } from './new-id.js';
import type { ReservationCommandResult, TimedReservationEvent } from './reservation-commands.js';
import { runsToItsEnd } from './reservation-commands.js';
import type { Folded } from './stream-cache.js';

// Issue 28 item 6: extend an active reservation on the same locker (domain/reservations/extension.ts).
// The reservation's stream and the day schedules of its new window are appended in one step with
// the versions read, so a booking of that locker racing for the extra time makes one of the two
// decide again and the loser is refused. Paid at once by the simulated provider; with a real PSP
// the extension is charged first (chargeExtension, commands/pix-payments.ts) and decided when the
// PSP confirms its PIX, carrying its txid and e2eid.

type Deps = Pick<
  CommandDeps,
  'store' | 'queue' | 'log' | 'codeSecret' | 'bookingCache' | 'settings' | 'maxActiveReservations' | 'maxReservationHours' | 'payments'
>;

export interface ExtendInput {
  hours: number;
  method: Extract<PaymentMethod, 'credit_card' | 'pix'>;
  /** With a real PSP: the PIX it confirmed for this extension's charge (commands/pix-payments.ts). */
  pix?: { txid: string; e2eid: string; paidAt: string; amountCents: number };
}

type Day = { period: string; streamId: string; folded: Folded<ScheduleState> };
type Loaded = { reservation: LoadedStream<ReservationState>; days: Day[] };

const timed = (loaded: LoadedStream<ReservationState>): TimedReservationEvent[] =>
  asDomainEvents<ReservationEvent>(loaded.stored).map((event, i) => ({ event, at: loaded.stored[i]!.metadata.at }));

/** The reservation and the day schedules its window would cover once extended by `hours`. */
async function readFor(deps: Deps, reservationId: string, hours: number): Promise<Loaded> {
  const reservation = await loadState(deps.store, reservationStreamId(reservationId), reservationDecider);
  const state = reservation.state;
  if (state.status === 'none' || !Number.isInteger(hours) || hours < 1) return { reservation, days: [] };
  const cache = bookingCacheFor(deps);
  // Read forward, never trusted from the cache alone: the quote says whether the locker is free.
  const days = await Promise.all(
    extensionPeriods(state, hours).map(async (period) => {
      const streamId = scheduleStreamId(state.lockerId, period);
      return { period, streamId, folded: await cache.schedules.load(deps.store, streamId) };
    }),
  );
  return { reservation, days };
}

const daysMap = (days: Day[]) => new Map(days.map((d) => [d.period, d.folded.state]));

/** With a real PSP only a PIX the PSP confirmed pays for an extension (chargeExtension, then the webhook). */
export const needsPixCharge = (deps: Pick<Deps, 'payments'>) => Boolean(deps.payments && deps.payments.provider !== 'simulated');

/** GET …/extension: the price of `hours` more, and whether (or until when) the locker is free. */
export async function quoteReservationExtension(deps: Deps, reservationId: string, hours: number, now: Date): Promise<ExtensionQuote> {
  const { maxHours } = await bookingRulesOf(deps);
  const { reservation, days } = await readFor(deps, reservationId, hours);
  return quoteExtension(reservation.state, daysMap(days), { hours, now, maxHours });
}

/**
 * Extends the reservation by `hours`, paid at once. With an Idempotency-Key a retry that already
 * wrote answers with the reservation as it stands and writes nothing twice. Afterwards the expiry
 * job moves to the new end and the code rotation restarts from the code it issued.
 */
export async function extendReservation(deps: Deps, reservationId: string, input: ExtendInput, ctx: CommandContext): Promise<ReservationCommandResult> {
  if (needsPixCharge(deps) && !input.pix) throw conflict('extension_unavailable', ExtensionMessages.realPaymentNotYet);
  const { maxHours } = await bookingRulesOf(deps);
  const cache = bookingCacheFor(deps);
  const streamId = reservationStreamId(reservationId);
  const extensionId = ctx.idempotencyKey ? derivedUuid('extension', reservationId, ctx.idempotencyKey) : newId();
  const result = await runCommand<Loaded, ReservationCommandResult>(deps.store, ctx, {
    read: () => readFor(deps, reservationId, input.hours),
    queue: { locks: cache.locks, streams: (l) => [streamId, ...l.days.map((d) => d.streamId)] },
    replay: {
      stored: (l) => l.reservation.stored,
      answer: (written, l) =>
        written.some((e) => e.type === 'ReservationExtended')
          ? { state: l.reservation.state, events: [], log: timed(l.reservation), position: written.at(-1)!.position }
          : undefined,
    },
    decide: ({ reservation, days }) => {
      // The next rotated code (n = codes issued so far), so the rotation and GET …/access-code
      // derive it again from the log.
      const n = reservation.stored.filter((e) => e.type === 'AccessCodeIssued').length;
      const codeHash = hashAccessCode(deps.codeSecret, reservationId, rotatedAccessCode(deps.codeSecret, reservationId, n));
      const decision = decideExtension(reservation.state, daysMap(days), {
        extensionId,
        hours: input.hours,
        now: ctx.now,
        maxHours,
        method: input.method,
        provider: deps.payments?.provider ?? 'simulated',
        ...(input.pix ? { pix: input.pix } : {}),
        codeHash,
      });
      const dayOf = new Map(days.map((d) => [d.period, d]));
      const next = decision.reservation.reduce(reservationDecider.evolve, reservation.state);
      return {
        append: [
          { streamId, events: decision.reservation, expectedVersion: reservation.version },
          ...decision.schedules.map((s) => ({
            streamId: dayOf.get(s.period)!.streamId,
            events: s.events,
            expectedVersion: dayOf.get(s.period)!.folded.version,
          })),
        ],
        written: (appended) => {
          for (const s of decision.schedules) {
            const day = dayOf.get(s.period)!;
            cache.schedules.applyAppended(day.streamId, s.events, appended!.of(day.streamId).nextVersion, day.folded);
          }
          const at = ctx.now.toISOString();
          return {
            state: next,
            events: decision.reservation,
            log: [...timed(reservation), ...decision.reservation.map((event) => ({ event, at }))],
            position: appended!.of(streamId).position,
          };
        },
      };
    },
    // A booking or another extension wrote one of these days: read it, then decide again.
    refresh: async (lost) => {
      if (lost.streamId !== streamId) await cache.schedules.load(deps.store, lost.streamId, lost.actual);
    },
  });
  // The expiry, the reminders and the code rotation follow the new end.
  if (result.events.length > 0 && result.state.status === 'active') await runsToItsEnd(deps, reservationId, result.state.endMs);
  return result;
}
