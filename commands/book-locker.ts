import type { HubState, Locker } from '../domain/hubs/hub-events.js';
import { BookingMessages, decideBooking } from '../domain/reservations/booking.js';
import { decideOpen, isRenterRefusal, renterStreamId } from '../domain/reservations/renter-reservations.js';
import { reservationStreamId } from '../domain/reservations/reservation-events.js';
import type { ScheduleState } from '../domain/schedule/locker-schedule.js';
import { overlaps, periodsOf, scheduleStreamId } from '../domain/schedule/locker-schedule.js';
import { DomainError, conflict } from '../domain/shared/domain-error.js';
import type { AppendResult } from '../infra/eventstore/port.js';
import type { BookingCache } from './booking-cache.js';
import type { Candidate } from './booking-candidates.js';
import { Candidates } from './booking-candidates.js';
import type { AfterConflict, CommandContext, Decision } from './command-handler.js';
import { AGAIN, runCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { DEFAULT_MAX_ACTIVE_RESERVATIONS, paymentWindowOf } from './deps.js';
import type { TimedReservationEvent } from './reservation-commands.js';
import type { Folded } from './stream-cache.js';
import type { ReserveBySizeInput } from './reserve-by-size.js';

export interface LockerRequest extends ReserveBySizeInput {
  reservationId: string;
  codeHash: string;
}

/**
 * The renter's "reservation opened" fact, or a refusal: at their limit, or an unpaid hold the
 * unpaid-hold rule refuses (ADR 0016). A cached renter that looks refused is read again before
 * refusing (one of theirs may have been paid or closed elsewhere); one that looks allowed is
 * trusted, since the booking appends with its version as the expected one, and any payment,
 * cancel or expiry written meanwhile moves that version.
 */
export async function renterOpens(deps: CommandDeps, cache: BookingCache, request: LockerRequest, now: Date, paymentDueAt: string | null) {
  const streamId = renterStreamId(request.userId);
  const open = {
    userId: request.userId,
    reservationId: request.reservationId,
    endTime: request.end.toISOString(),
    paymentDueAt,
    now,
    limit: deps.maxActiveReservations ?? DEFAULT_MAX_ACTIVE_RESERVATIONS,
    unpaidLimit: deps.maxUnpaidHolds,
  };
  let renter = cache.renters.peek(streamId) ?? (await cache.renters.load(deps.store, streamId));
  try {
    return { renter, events: decideOpen(renter.state, open) };
  } catch (error) {
    if (!isRenterRefusal(error)) throw error;
    renter = await cache.renters.load(deps.store, streamId);
    return { renter, events: decideOpen(renter.state, open) };
  }
}

const takes = (state: ScheduleState, request: LockerRequest) =>
  state.bookings.some((b) => overlaps(b, { startMs: request.start.getTime(), endMs: request.end.getTime() }));

type Day = { period: string; streamId: string; folded: Folded<ScheduleState> };
/** One try at one locker: the candidate and its day schedules as read. */
type Try = { candidate: Candidate; days: Day[]; wasKnown: boolean };

/** A private Hub's grant the booking relies on: appended with no events, expecting this version. */
export interface GrantHeld {
  streamId: string;
  version: number;
  /** After the grant's stream moved: read it again (403 once it is no longer live). */
  recheck(): Promise<void>;
}

export interface Booking {
  /** Set on a private Hub for a non-admin: a revocation racing the booking makes it look again. */
  grant?: GrantHeld;
  /** The due time the renter is counted again with when their stream moved under a try. */
  prospectiveDue: string | null;
  /** The reservation a concurrent retry of this very request made, if it made one. */
  alreadyMade: () => Promise<Booked | null>;
  /** Which of these lockers the read model shows taken in the window. */
  takenInReadModel: (lockers: Locker[]) => Promise<string[]>;
}

export interface Booked {
  lockerId: string;
  position: AppendResult['position'];
  log: TimedReservationEvent[];
  /** Made now (false: found, made by an earlier try of the same request). */
  fresh: boolean;
}

/**
 * Books the first locker of `lockers` that is free, in the order `Candidates` gives. Each try's
 * day schedules come from the cache when they look free there (the append checks them) and are
 * read otherwise; only then does the booking queue behind other writers of this process for those
 * days and the renter's stream, decide, and append. A lost append means: the day was taken
 * (read it, try elsewhere or again after a backoff), the renter moved (count again, same locker),
 * or this very request was made meanwhile (answer with it).
 */
export function bookFirstFree(
  deps: CommandDeps,
  cache: BookingCache,
  hub: HubState,
  lockers: Locker[],
  request: LockerRequest,
  ctx: CommandContext,
  booking: Booking,
): Promise<Booked> {
  const candidates = new Candidates(lockers, request, cache);
  const renterStream = renterStreamId(request.userId);
  let askedReadModel = false;
  let taken: { candidate: Candidate; wasKnown: boolean } | null = null;

  const read = async (): Promise<Try> => {
    for (;;) {
      if (taken) {
        // A locker this process knew nothing about was taken: others book this Hub, so the read
        // model is asked once which of the remaining unknown lockers are taken too.
        const unknown = candidates.unknown();
        if (!taken.wasKnown && !askedReadModel && unknown.length > 1) {
          askedReadModel = true;
          candidates.markTakenInReadModel(await booking.takenInReadModel(unknown));
        }
        taken = null;
      }
      const candidate = candidates.next();
      if (!candidate) throw conflict('no_locker_available', BookingMessages.noneOfSize(request.size));
      const wasKnown = candidates.known(candidate);
      const days = await Promise.all(
        periodsOf(request.start, request.end).map(async (period) => {
          const streamId = scheduleStreamId(candidate.locker.lockerId, period);
          const cached = cache.schedules.peek(streamId);
          return { period, streamId, folded: cached && !takes(cached.state, request) ? cached : await cache.schedules.load(deps.store, streamId) };
        }),
      );
      if (!days.some((d) => takes(d.folded.state, request))) return { candidate, days, wasKnown };
      taken = { candidate, wasKnown };
    }
  };

  return runCommand<Try, Booked>(deps.store, ctx, {
    maxAttempts: Infinity, // Candidates gives up on a locker after MAX_ATTEMPTS_PER_LOCKER collisions
    read,
    queue: { locks: cache.locks, streams: (t) => [...t.days.map((d) => d.streamId), renterStream] },
    decide: async (t) => {
      // A booking of this process that held these days before us left its result in the cache.
      for (const day of t.days) {
        const newer = cache.schedules.peek(day.streamId);
        if (newer && newer.version > day.folded.version) day.folded = newer;
      }
      const decision = !t.days.some((d) => takes(d.folded.state, request)) && (await decide(deps, cache, hub, t, request, ctx, renterStream, booking.grant));
      if (decision) return decision;
      taken = t;
      return AGAIN;
    },
    // Someone else wrote this renter's stream or this locker's day: read what they wrote.
    refresh: async (lost) => {
      if (lost.streamId === renterStream) await cache.renters.load(deps.store, lost.streamId, lost.actual);
      else if (lost.streamId !== reservationStreamId(request.reservationId) && lost.streamId !== booking.grant?.streamId)
        await cache.schedules.load(deps.store, lost.streamId, lost.actual);
    },
    onConflict: async (lost, t): Promise<AfterConflict<Booked>> => {
      if (lost.streamId === reservationStreamId(request.reservationId)) {
        // A concurrent retry of this very request won.
        const made = await booking.alreadyMade();
        return made ? { answer: made } : { retry: true };
      }
      if (booking.grant && lost.streamId === booking.grant.streamId) {
        // The grant changed meanwhile (a revocation?): refused unless it is still live.
        await booking.grant.recheck();
        return { retry: true };
      }
      if (lost.streamId === renterStream) {
        // Another booking of this renter landed meanwhile: count again, then try the same locker.
        await renterOpens(deps, cache, request, ctx.now, booking.prospectiveDue);
        candidates.again(t.candidate);
        return { retry: true };
      }
      return { retry: true, backoff: candidates.collided(t.candidate) ? t.candidate.attempts : 0 };
    },
  });
}

/** The booking's appends on this locker, or null when the decider finds it taken. */
async function decide(
  deps: CommandDeps,
  cache: BookingCache,
  hub: HubState,
  { candidate, days }: Try,
  request: LockerRequest,
  ctx: CommandContext,
  renterStream: string,
  grant?: GrantHeld,
): Promise<Decision<Booked> | null> {
  let decision;
  try {
    decision = decideBooking(
      { ...request, lockerId: candidate.locker.lockerId, now: ctx.now, maxHours: deps.maxReservationHours, paymentWindowMs: paymentWindowOf(deps) },
      hub,
      new Map(days.map((d) => [d.period, d.folded.state])),
    );
  } catch (error) {
    if (error instanceof DomainError && error.code === 'locker_unavailable') return null;
    throw error;
  }
  const created = decision.reservation[0];
  const paymentDueAt = created?.type === 'ReservationCreated' ? (created.data.paymentDueAt ?? null) : null;
  const { renter, events: renterEvents } = await renterOpens(deps, cache, request, ctx.now, paymentDueAt);
  const dayOf = new Map(days.map((d) => [d.period, d]));
  const reservationStream = reservationStreamId(request.reservationId);
  return {
    append: [
      { streamId: reservationStream, events: decision.reservation, expectedVersion: 'no_stream' },
      ...decision.schedules.map((s) => ({ streamId: dayOf.get(s.period)!.streamId, events: s.events, expectedVersion: dayOf.get(s.period)!.folded.version })),
      { streamId: renterStream, events: renterEvents, expectedVersion: renter.version },
      ...(grant ? [{ streamId: grant.streamId, events: [], expectedVersion: grant.version }] : []),
    ],
    written: (appended) => {
      // What we wrote is what the streams now hold: the next booking needs no read to know it.
      for (const s of decision.schedules) {
        const day = dayOf.get(s.period)!;
        cache.schedules.applyAppended(day.streamId, s.events, appended!.of(day.streamId).nextVersion, day.folded);
      }
      cache.renters.applyAppended(renterStream, renterEvents, appended!.of(renterStream).nextVersion, renter);
      const at = ctx.now.toISOString();
      return {
        lockerId: candidate.locker.lockerId,
        position: appended!.of(reservationStream).position,
        log: decision.reservation.map((event) => ({ event, at })),
        fresh: true,
      };
    },
  };
}
