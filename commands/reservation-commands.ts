import type { PaymentMethod, ReservationEvent, ReservationState } from '../domain/reservations/reservation-events.js';
import { freesLocker, reservationStreamId } from '../domain/reservations/reservation-events.js';
import type { ReservationCommand } from '../domain/reservations/reservation-decide.js';
import { reservationDecider } from '../domain/reservations/reservation-decide.js';
import { releaseEvents } from '../domain/reservations/booking.js';
import { renterFactsOf, renterStreamId } from '../domain/reservations/renter-reservations.js';
import { goodsFactsOf } from '../domain/reservations/goods-facts.js';
import { hubStreamId } from '../domain/hubs/hub-events.js';
import { scheduleStreamId } from '../domain/schedule/locker-schedule.js';
import type { AppendResult, StoredEvent } from '../infra/eventstore/port.js';
import { accessCodeFor, hashAccessCode } from './access-code.js';
import { bookingCacheFor } from './booking-cache.js';
import { startRotation, stopRotation } from './code-rotation-schedule.js';
import type { CommandContext, Decision } from './command-handler.js';
import { asDomainEvents, loadState, runCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { EXPIRE_JOB } from './deps.js';

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
  build: (state: ReservationState) => ReservationCommand,
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
      const events = reservationDecider.decide(build(state), state);
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
  payment: { method: PaymentMethod; amountCents: number },
  ctx: CommandContext,
) {
  const result = await runReservationCommand(deps, reservationId, () => ({ type: 'ConfirmPayment', ...payment, now: ctx.now }), ctx);
  if (result.state.status === 'active') {
    await scheduleExpiry(deps, reservationId, new Date(result.state.endMs));
    // Paid: its code rotates on the server from now on (a tick stops itself once it has ended).
    await startRotation(deps.queue, reservationId).catch((err: unknown) => deps.log.warn({ err, reservationId }, 'could not start code rotation'));
  }
  return result;
}

/** Ends a reservation early at the renter's request (finalize) or by cancelling it. */
export async function endReservation(
  deps: Pick<CommandDeps, 'store' | 'queue' | 'log'>,
  reservationId: string,
  how: 'finalize' | 'cancel',
  ctx: CommandContext,
) {
  const result = await runReservationCommand(
    deps,
    reservationId,
    () => (how === 'cancel' ? { type: 'CancelReservation', reason: 'Cancelada pelo usuário', now: ctx.now } : { type: 'FinalizeReservation', now: ctx.now }),
    ctx,
  );
  await cancelExpiryJob(deps, reservationId);
  await stopRotation(deps.queue, reservationId).catch((err: unknown) => deps.log.warn({ err, reservationId }, 'could not stop code rotation'));
  return result;
}

/**
 * A fresh access code. With an Idempotency-Key the code is derived from the key, so a retry
 * returns the code the first request issued (and writes nothing twice).
 */
export async function issueFreshCode(deps: Pick<CommandDeps, 'store' | 'codeSecret'>, reservationId: string, ctx: CommandContext) {
  const code = accessCodeFor(deps.codeSecret, reservationId, ctx.idempotencyKey);
  const codeHash = hashAccessCode(deps.codeSecret, reservationId, code);
  const result = await runReservationCommand(deps, reservationId, () => ({ type: 'IssueAccessCode', codeHash, now: ctx.now }), ctx);
  const issued = result.log.findLast((e) => e.event.type === 'AccessCodeIssued')?.event;
  const expiresAt = issued?.type === 'AccessCodeIssued' ? issued.data.expiresAt : null;
  return { ...result, code, expiresAt };
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
