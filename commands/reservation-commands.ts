import type { PaymentProvider } from '../domain/payments/pix-facts.js';
import type { PaymentMethod, ReservationEvent, ReservationState } from '../domain/reservations/reservation-events.js';
import { freesLocker, reservationStreamId } from '../domain/reservations/reservation-events.js';
import type { CancelledBy, ReservationCommand } from '../domain/reservations/reservation-decide.js';
import { reservationDecider } from '../domain/reservations/reservation-decide.js';
import { decideWithRefund } from '../domain/payments/cancel-with-refund.js';
import { moneyFactsOf } from '../domain/payments/money-facts.js';
import { releaseEvents } from '../domain/reservations/booking.js';
import { renterFactsOf, renterStreamId } from '../domain/reservations/renter-reservations.js';
import { goodsFactsOf } from '../domain/reservations/goods-facts.js';
import { hubStreamId } from '../domain/hubs/hub-events.js';
import { scheduleStreamId } from '../domain/schedule/locker-schedule.js';
import type { AppendResult, GlobalPosition, StoredEvent } from '../infra/eventstore/port.js';
import { hashAccessCode, rotatedAccessCode } from './access-code.js';
import { bookingCacheFor } from './booking-cache.js';
import { startRotation, stopRotation } from './code-rotation-schedule.js';
import type { CommandContext, Decision } from './command-handler.js';
import { asDomainEvents, loadState, runCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { EXPIRE_JOB } from './deps.js';
import { scheduleReminders } from './reminder-schedule.js';

/** A reservation event with the time it was decided: what a response can be built from. */
export interface TimedReservationEvent {
  event: ReservationEvent;
  at: string;
}

export interface ReservationCommandResult {
  state: ReservationState;
  /** What this command decided (empty when nothing needed to happen, or it had happened already). */
  events: ReservationEvent[];
  /** The whole stream after the command: lets the caller answer without any further read. */
  log: TimedReservationEvent[];
  position: AppendResult['position'] | null;
}

const timed = (stored: StoredEvent[]): TimedReservationEvent[] =>
  asDomainEvents<ReservationEvent>(stored).map((event, i) => ({ event, at: stored[i]!.metadata.at }));

/** The reservation as its stream tells it, with the position of its last event. */
export async function readReservation(deps: Pick<CommandDeps, 'store'>, reservationId: string) {
  const { state, stored } = await loadState(deps.store, reservationStreamId(reservationId), reservationDecider);
  return { state, log: timed(stored), position: stored.at(-1)?.position ?? null };
}

/**
 * Runs a reservation command. Ending a reservation early (finalize, cancel, an unpaid one's
 * payment window closing) also frees its locker: the release goes to the day schedules in the
 * same atomic append, and what the renter's limit needs to know goes to the renter's stream.
 * A retried request (same Idempotency-Key) that already wrote returns what it wrote.
 */
export function runReservationCommand(
  deps: Pick<CommandDeps, 'store' | 'bookingCache'>,
  reservationId: string,
  build: (state: ReservationState, stored: readonly StoredEvent[]) => ReservationCommand,
  ctx: CommandContext,
): Promise<ReservationCommandResult> {
  const streamId = reservationStreamId(reservationId);
  return runCommand(deps.store, ctx, {
    read: () => loadState(deps.store, streamId, reservationDecider),
    replay: {
      stored: (read) => read.stored,
      answer: (written, { state, stored }) => ({ state, events: [], log: timed(stored), position: written.at(-1)!.position }),
    },
    decide: ({ state, version, stored }): Decision<ReservationCommandResult> => {
      const log = timed(stored);
      // A cancellation's refund goes in the same append (domain/payments/cancel-with-refund.ts).
      const events = decideWithRefund(build(state, stored), { reservation: state, money: moneyFactsOf(log.map((e) => e.event)) });
      const next = events.reduce(reservationDecider.evolve, state);
      if (events.length === 0 || next.status === 'none') return { answer: { state: next, events, log, position: null } };
      const releases = events.some(freesLocker)
        ? releaseEvents(next).map((r) => ({ streamId: scheduleStreamId(next.lockerId, r.period), events: r.events }))
        : [];
      const renterFacts = renterFactsOf(next.userId, events, ctx.actor.id);
      const facts = renterFacts.length ? [{ streamId: renterStreamId(next.userId), events: renterFacts }] : [];
      const goodsFacts = goodsFactsOf(next, events);
      const goods = goodsFacts.length ? [{ streamId: hubStreamId(next.hubId), events: goodsFacts }] : [];
      return {
        append: [{ streamId, events, expectedVersion: version }, ...[...releases, ...facts, ...goods].map((r) => ({ ...r, expectedVersion: 'any' as const }))],
        written: (appended) => {
          // This process's booking cache learns the releases and the facts without a read.
          const cache = bookingCacheFor(deps);
          for (const r of releases) cache.schedules.applyAppended(r.streamId, r.events, appended!.of(r.streamId).nextVersion);
          for (const f of facts) cache.renters.applyAppended(f.streamId, f.events, appended!.of(f.streamId).nextVersion);
          for (const g of goods) cache.hubs.applyAppended(g.streamId, g.events, appended!.of(g.streamId).nextVersion);
          const now = ctx.now.toISOString();
          return { state: next, events, log: [...log, ...events.map((event) => ({ event, at: now }))], position: appended!.of(streamId).position };
        },
      };
    },
  });
}

/** Pays an unpaid reservation; from then on it runs to its end, so its expiry moves there. */
export async function confirmPayment(
  deps: Pick<CommandDeps, 'store' | 'queue' | 'log'>,
  reservationId: string,
  payment: { method: PaymentMethod; amountCents: number; txid?: string; provider?: PaymentProvider },
  ctx: CommandContext,
) {
  const result = await runReservationCommand(deps, reservationId, () => ({ type: 'ConfirmPayment', ...payment, now: ctx.now }), ctx);
  if (result.state.status === 'active') await runsToItsEnd(deps, reservationId, result.state.endMs);
  return result;
}

/**
 * What follows a payment (the booking's, by any route, or an extension's): the reservation runs
 * to its end, so its expiry job and its reminders (ADR 0023) move there, and its code rotates on
 * the server from now on (a tick stops itself once it has ended). Each step only logs a failure:
 * the sweepers catch what a job missed.
 */
export async function runsToItsEnd(deps: Pick<CommandDeps, 'queue' | 'log'>, reservationId: string, endMs: number) {
  await scheduleExpiry(deps, reservationId, new Date(endMs));
  await scheduleReminders(deps, reservationId, endMs);
  await startRotation(deps.queue, reservationId).catch((err: unknown) => deps.log.warn({ err, reservationId }, 'could not start code rotation'));
}

/**
 * Ends a reservation early at the renter's request (finalize) or by cancelling it (the reason says
 * by whom; `by` decides the refund: the policy for the renter, everything when Hub cancels).
 */
export async function endReservation(
  deps: Pick<CommandDeps, 'store' | 'queue' | 'log'>,
  reservationId: string,
  how: 'finalize' | 'cancel',
  ctx: CommandContext,
  cancelReason = 'Cancelada pelo usuário',
  by: CancelledBy = 'renter',
) {
  const result = await runReservationCommand(
    deps,
    reservationId,
    () => (how === 'cancel' ? { type: 'CancelReservation', reason: cancelReason, by, now: ctx.now } : { type: 'FinalizeReservation', now: ctx.now }),
    ctx,
  );
  await cancelExpiryJob(deps, reservationId);
  await stopRotation(deps.queue, reservationId).catch((err: unknown) => deps.log.warn({ err, reservationId }, 'could not stop code rotation'));
  return result;
}

/**
 * A fresh access code: the reservation's next derived one (n = codes issued so far, counted on the
 * stream the append is decided on, so a rotation landing in between cannot skew it). With an
 * Idempotency-Key a retry writes nothing and answers the code its first request issued.
 */
export async function issueFreshCode(deps: Pick<CommandDeps, 'store' | 'codeSecret'>, reservationId: string, ctx: CommandContext) {
  const made: { code: string | null } = { code: null };
  const result = await runReservationCommand(
    deps,
    reservationId,
    (_state, stored) => {
      made.code = rotatedAccessCode(deps.codeSecret, reservationId, issuedBefore(stored, 'AccessCodeIssued'));
      return { type: 'IssueAccessCode', codeHash: hashAccessCode(deps.codeSecret, reservationId, made.code), now: ctx.now };
    },
    ctx,
  );
  // A replayed request decided nothing here: its code is the one written at its position.
  const code = result.events.length > 0 ? made.code : result.position ? await codeWrittenAt(deps, reservationId, result.position) : null;
  const issued = result.log.findLast((e) => e.event.type === 'AccessCodeIssued')?.event;
  const expiresAt = issued?.type === 'AccessCodeIssued' ? issued.data.expiresAt : null;
  return { ...result, code: code ?? '', expiresAt };
}

/** Events of a type on the stream: the index of the next code of that kind. */
export const issuedBefore = (stored: readonly StoredEvent[], type: 'AccessCodeIssued' | 'PickupCodeIssued') => stored.filter((e) => e.type === type).length;

async function codeWrittenAt(deps: Pick<CommandDeps, 'store' | 'codeSecret'>, reservationId: string, position: GlobalPosition) {
  const stored = await deps.store.readStream(reservationStreamId(reservationId));
  const at = stored.findIndex((e) => e.position.tx === position.tx && e.position.seq === position.seq);
  return at === -1 ? null : rotatedAccessCode(deps.codeSecret, reservationId, issuedBefore(stored.slice(0, at), 'AccessCodeIssued'));
}

export async function expireReservation(deps: Pick<CommandDeps, 'store'>, reservationId: string, ctx: CommandContext) {
  return runReservationCommand(deps, reservationId, () => ({ type: 'ExpireReservation', now: ctx.now }), ctx);
}

/**
 * The expiry job of a reservation at its next due time. The booking stands even if the queue is
 * down: the sweeper expires what no job covers.
 */
export async function scheduleExpiry(deps: Pick<CommandDeps, 'queue' | 'log'>, reservationId: string, runAt: Date) {
  await deps.queue
    .schedule(EXPIRE_JOB, { reservationId }, { runAt, jobId: reservationId })
    .catch((err: unknown) => deps.log.warn({ err, reservationId }, 'could not schedule expiry'));
}

/** Once a reservation is closed its expiry job has nothing left to do. */
export async function cancelExpiryJob(deps: Pick<CommandDeps, 'queue' | 'log'>, reservationId: string) {
  await deps.queue.cancel(EXPIRE_JOB, reservationId).catch((err: unknown) => deps.log.warn({ err, reservationId }, 'could not cancel expiry job'));
}
