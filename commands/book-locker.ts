import type { HubState } from '../domain/hubs/hub-events.js';
import { decideBooking } from '../domain/reservations/booking.js';
import { decideOpen, isRenterRefusal, renterStreamId } from '../domain/reservations/renter-reservations.js';
import { reservationStreamId } from '../domain/reservations/reservation-events.js';
import type { ScheduleState } from '../domain/schedule/locker-schedule.js';
import { overlaps, periodsOf, scheduleStreamId } from '../domain/schedule/locker-schedule.js';
import { DomainError } from '../domain/shared/domain-error.js';
import type { AppendResult, StreamAppend } from '../infra/eventstore/port.js';
import { WrongExpectedVersionError } from '../infra/eventstore/port.js';
import type { BookingCache } from './booking-cache.js';
import type { Candidate } from './booking-candidates.js';
import type { CommandContext } from './command-handler.js';
import { toNewEvents } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { DEFAULT_MAX_ACTIVE_RESERVATIONS, paymentWindowOf } from './deps.js';
import type { TimedReservationEvent } from './reservation-commands.js';
import type { Folded } from './stream-cache.js';
import type { ReserveBySizeInput } from './reserve-by-size.js';

export interface LockerRequest extends ReserveBySizeInput {
  reservationId: string;
  codeHash: string;
}

/** Booked, taken in that window, lost the day to another writer, the renter moved, or done before. */
export type Outcome = { position: AppendResult['position']; log: TimedReservationEvent[] } | 'taken' | 'contended' | 'renter_changed' | 'already_made';

/**
 * The renter's "reservation opened" fact, or a refusal: at their limit, or an unpaid hold the
 * unpaid-hold rule refuses (ADR 0016). A cached renter that looks refused is read again before
 * refusing (one of theirs may have been paid or closed elsewhere); one that looks allowed is
 * trusted, since the booking appends with its version as the expected one, and any payment,
 * cancel or expiry written meanwhile moves that version.
 */
export async function renterOpens(deps: CommandDeps, cache: BookingCache, request: LockerRequest, now: Date, paymentDueAt: string | null) {
  const streamId = renterStreamId(request.userId);
  const open = { userId: request.userId, reservationId: request.reservationId, endTime: request.end.toISOString(), paymentDueAt, now, limit: deps.maxActiveReservations ?? DEFAULT_MAX_ACTIVE_RESERVATIONS, unpaidLimit: deps.maxUnpaidHolds };
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

/**
 * One try at one locker. Its day schedules come from the cache when they look free there (the
 * append checks them) and are read otherwise; only then does the booking queue behind other
 * writers of this process for those days and the renter's stream, decide, and append.
 */
export async function tryLocker(deps: CommandDeps, cache: BookingCache, hub: HubState, candidate: Candidate, request: LockerRequest, ctx: CommandContext): Promise<Outcome> {
  const periods = periodsOf(request.start, request.end);
  const days = await Promise.all(
    periods.map(async (period) => {
      const streamId = scheduleStreamId(candidate.locker.lockerId, period);
      const cached = cache.schedules.peek(streamId);
      return { period, streamId, folded: cached && !takes(cached.state, request) ? cached : await cache.schedules.load(deps.store, streamId) };
    }),
  );
  if (days.some((d) => takes(d.folded.state, request))) return 'taken';

  const renterStream = renterStreamId(request.userId);
  return cache.locks.run([...days.map((d) => d.streamId), renterStream], async () => {
    // A booking of this process that held these days before us left its result in the cache.
    for (const day of days) {
      const newer = cache.schedules.peek(day.streamId);
      if (newer && newer.version > day.folded.version) day.folded = newer;
    }
    if (days.some((d) => takes(d.folded.state, request))) return 'taken';
    return decideAndAppend(deps, cache, hub, candidate, days, request, ctx);
  });
}

async function decideAndAppend(
  deps: CommandDeps,
  cache: BookingCache,
  hub: HubState,
  candidate: Candidate,
  days: { period: string; streamId: string; folded: Folded<ScheduleState> }[],
  request: LockerRequest,
  ctx: CommandContext,
): Promise<Outcome> {
  let decision;
  try {
    decision = decideBooking(
      { ...request, lockerId: candidate.locker.lockerId, now: ctx.now, maxHours: deps.maxReservationHours, paymentWindowMs: paymentWindowOf(deps) },
      hub,
      new Map(days.map((d) => [d.period, d.folded.state])),
    );
  } catch (error) {
    if (error instanceof DomainError && error.code === 'locker_unavailable') return 'taken';
    throw error;
  }
  const created = decision.reservation[0];
  const paymentDueAt = created?.type === 'ReservationCreated' ? (created.data.paymentDueAt ?? null) : null;
  const { renter, events: renterEvents } = await renterOpens(deps, cache, request, ctx.now, paymentDueAt);
  const renterStream = renterStreamId(request.userId);
  const dayOf = new Map(days.map((d) => [d.period, d]));
  const appends: StreamAppend[] = [
    { streamId: reservationStreamId(request.reservationId), events: toNewEvents(decision.reservation, ctx), expectedVersion: 'no_stream' },
    ...decision.schedules.map((s) => ({ streamId: dayOf.get(s.period)!.streamId, events: toNewEvents(s.events, ctx), expectedVersion: dayOf.get(s.period)!.folded.version })),
    { streamId: renterStream, events: toNewEvents(renterEvents, ctx), expectedVersion: renter.version },
  ];
  let results: AppendResult[];
  try {
    results = await deps.store.appendMany(appends);
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    if (error.streamId === appends[0]!.streamId) return 'already_made'; // a concurrent retry of this very request won
    // Someone else wrote this renter's stream or this locker's day: read what they wrote.
    const isRenter = error.streamId === renterStream;
    await (isRenter ? cache.renters : cache.schedules).load(deps.store, error.streamId, error.actual);
    return isRenter ? 'renter_changed' : 'contended';
  }
  // What we wrote is what the streams now hold: the next booking needs no read to know it.
  const nextVersion = (streamId: string) => results.find((r) => r.streamId === streamId)?.nextVersion ?? 0;
  for (const s of decision.schedules) {
    const day = dayOf.get(s.period)!;
    cache.schedules.applyAppended(day.streamId, s.events, nextVersion(day.streamId), day.folded);
  }
  cache.renters.applyAppended(renterStream, renterEvents, nextVersion(renterStream), renter);
  const at = ctx.now.toISOString();
  return { position: results[0]!.position, log: decision.reservation.map((event) => ({ event, at })) };
}
