import type { HubState, Locker } from '../domain/hubs/hub-events.js';
import { hubStreamId, lockersHoldingGoods } from '../domain/hubs/hub-events.js';
import { HubMessages, hubDecider } from '../domain/hubs/hub-decide.js';
import { bookableLockers } from '../domain/reservations/booking.js';
import { decideMove, holdsLocker } from '../domain/reservations/move-reservation.js';
import { reservationDecider } from '../domain/reservations/reservation-decide.js';
import type { ReservationEvent, ReservationState } from '../domain/reservations/reservation-events.js';
import { reservationStreamId } from '../domain/reservations/reservation-events.js';
import type { ScheduleState } from '../domain/schedule/locker-schedule.js';
import { overlaps, scheduleStreamId } from '../domain/schedule/locker-schedule.js';
import { DomainError, notFound } from '../domain/shared/domain-error.js';
import type { GlobalPosition, StreamAppend } from '../infra/eventstore/port.js';
import { openReservationsOnLockers } from '../projections/reservations/command-queries.js';
import { WrongExpectedVersionError, comparePositions } from '../infra/eventstore/port.js';
import type { BookingCache } from './booking-cache.js';
import { bookingCacheFor } from './booking-cache.js';
import { MAX_ATTEMPTS_PER_LOCKER } from './booking-candidates.js';
import type { CommandContext } from './command-handler.js';
import { backoff, loadState, toNewEvents } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { writtenBy } from './idempotency.js';
import type { Folded } from './stream-cache.js';

export interface MovedReservation {
  reservationId: string;
  startTime: string;
  endTime: string;
  toLockerId: string;
  toOrderNumber: number;
}

export interface UnmovedReservation {
  reservationId: string;
  startTime: string;
  endTime: string;
  userId: string;
}

export interface MoveResult {
  moved: MovedReservation[];
  unmoved: UnmovedReservation[];
  /** The last move's log position (null: nothing moved), for waiting on the read models. */
  position: GlobalPosition | null;
}

/** Reads of the hint; later ones catch bookings that decided on the Hub before it deactivated. */
const MAX_PASSES = 3;
/** Re-reads of one reservation whose stream changed under a move (paid, cancelled, …). */
const MAX_REREADS = 10;
/** The read models are this command's hint of what to move: worth waiting for longer than an answer. */
const HINT_WAIT_MS = 3_000;
/** How long a request's Idempotency-Key is honoured (ADR 0004): a retry looks this far back. */
const RETRY_WINDOW_MS = 24 * 3_600_000;

type Outcome = { moved: MovedReservation; position: GlobalPosition | null } | { unmoved: UnmovedReservation } | 'not_here';

/**
 * Moves every reservation of a locker that still holds it (pending within its payment window, or
 * active, not yet over) to the first free active GMV locker of the same size in the same Hub,
 * for the same window: meant to run right after the locker is deactivated. The read model hints
 * which reservations to look at; each one's stream decides. Each move is one atomic append with
 * expected versions on the reservation and every day schedule it touches, so a racing booking
 * makes it re-read and try again (the same or the next locker), never double-book. Those no
 * locker could take stay where they are and are listed. Retried with the same Idempotency-Key,
 * it reports the moves the first attempt made and writes nothing twice.
 */
export async function moveFutureReservations(deps: CommandDeps, input: { hubId: string; lockerId: string }, ctx: CommandContext): Promise<MoveResult> {
  const { state: hub, stored } = await loadState(deps.store, hubStreamId(input.hubId), hubDecider);
  const locker = hub.status === 'registered' ? hub.lockers.find((l) => l.lockerId === input.lockerId) : undefined;
  if (!locker || hub.status !== 'registered') throw notFound('locker_not_found', HubMessages.lockerNotFound);

  const cache = bookingCacheFor(deps);
  const outcomes = new Map<string, Outcome>();
  // Bookings committed before the Hub's last event (the deactivation) are in the hint once the
  // read models pass it; a pass that moved something waits for its own moves, then looks again.
  let position: GlobalPosition | null = stored.at(-1)?.position ?? null;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const caughtUp = position ? await deps.awaitProjections(position, HINT_WAIT_MS) : true;
    const ids = (await hintedReservations(deps, hub, locker, ctx)).filter((id) => !outcomes.has(id));
    if (ids.length === 0) break;
    for (const id of ids) {
      const outcome = await moveOne(deps, cache, input, id, ctx);
      outcomes.set(id, outcome);
      if (typeof outcome === 'object' && 'moved' in outcome && outcome.position) position = later(position, outcome.position);
    }
    if (!caughtUp) break;
  }
  const all = [...outcomes.values()];
  const moved = all.flatMap((o) => (typeof o === 'object' && 'moved' in o ? [o.moved] : []));
  const unmoved = all.flatMap((o) => (typeof o === 'object' && 'unmoved' in o ? [o.unmoved] : []));
  const byStart = <T extends { startTime: string; reservationId: string }>(a: T, b: T) =>
    a.startTime.localeCompare(b.startTime) || a.reservationId.localeCompare(b.reservationId);
  const positions = all.flatMap((o) => (typeof o === 'object' && 'moved' in o && o.position ? [o.position] : []));
  return { moved: moved.sort(byStart), unmoved: unmoved.sort(byStart), position: positions.reduce<GlobalPosition | null>((a, b) => later(a, b), null) };
}

const later = (a: GlobalPosition | null, b: GlobalPosition) => (a && comparePositions(a, b) >= 0 ? a : b);

/**
 * The read model's open reservations of the locker not over yet. With an Idempotency-Key, also
 * those of the Hub's other lockers of its size changed lately: a retry must find what its first
 * attempt moved away.
 */
async function hintedReservations(deps: CommandDeps, hub: Extract<HubState, { lockers: Locker[] }>, locker: Locker, ctx: CommandContext): Promise<string[]> {
  const others = ctx.idempotencyKey ? hub.lockers.filter((l) => l.size === locker.size && l.lockerId !== locker.lockerId).map((l) => l.lockerId) : [];
  return openReservationsOnLockers(deps.db, [locker.lockerId, ...others], locker.lockerId, ctx.now, new Date(ctx.now.getTime() - RETRY_WINDOW_MS));
}

/** One reservation: its stream is the truth; a change to it under the move means read again. */
async function moveOne(deps: CommandDeps, cache: BookingCache, input: { hubId: string; lockerId: string }, reservationId: string, ctx: CommandContext): Promise<Outcome> {
  const streamId = reservationStreamId(reservationId);
  for (let read = 1; ; read++) {
    const { state, version, stored } = await loadState(deps.store, streamId, reservationDecider);
    if (state.status === 'none') return 'not_here';
    const window = { startTime: new Date(state.startMs).toISOString(), endTime: new Date(state.endMs).toISOString() };
    const earlier = writtenBy(stored, ctx.idempotencyKey);
    const move = earlier && ({ type: earlier.type, data: earlier.data } as ReservationEvent);
    if (move?.type === 'ReservationMoved' && move.data.fromLockerId === input.lockerId) {
      return { moved: { reservationId, ...window, toLockerId: move.data.toLockerId, toOrderNumber: move.data.toLockerOrderNumber }, position: earlier!.position };
    }
    if (state.lockerId !== input.lockerId || !holdsLocker(state, ctx.now)) return 'not_here';

    const hub = (await cache.hubs.load(deps.store, hubStreamId(input.hubId))).state;
    const withGoods = lockersHoldingGoods(hub, new Date(state.endMs));
    const targets = bookableLockers(hub, state.lockerSize).filter((l) => l.lockerId !== state.lockerId && !withGoods.has(l.lockerId));
    const outcome = await tryTargets(deps, cache, { state, version }, hub, targets, ctx);
    if (outcome === 'reservation_changed') {
      if (read >= MAX_REREADS) throw new Error(`reservation ${reservationId} kept changing while being moved`);
      await backoff(read);
      continue;
    }
    if (outcome === 'none_free') return { unmoved: { reservationId, ...window, userId: state.userId } };
    return { moved: { reservationId, ...window, toLockerId: outcome.locker.lockerId, toOrderNumber: outcome.locker.orderNumber }, position: outcome.position };
  }
}

type Reservation = { state: Extract<ReservationState, { lockerId: string }>; version: number };
type Day = { period: string; streamId: string; folded: Folded<ScheduleState> };
type TryOutcome = { locker: Locker; position: GlobalPosition } | 'none_free' | 'reservation_changed';

/** The targets in order; a day another writer changed is read again and the same target retried. */
async function tryTargets(deps: CommandDeps, cache: BookingCache, reservation: Reservation, hub: HubState, targets: Locker[], ctx: CommandContext): Promise<TryOutcome> {
  const { state } = reservation;
  const window = { startMs: state.startMs, endMs: state.endMs };
  const takes = (day: Day) => day.folded.state.bookings.some((b) => b.reservationId !== state.reservationId && overlaps(b, window));
  const daysOf = (lockerId: string) =>
    Promise.all(
      state.periods.map(async (period): Promise<Day> => {
        const streamId = scheduleStreamId(lockerId, period);
        return { period, streamId, folded: await cache.schedules.load(deps.store, streamId) };
      }),
    );
  const fromDays = await daysOf(state.lockerId);
  for (const target of targets) {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS_PER_LOCKER; attempt++) {
      const toDays = await daysOf(target.lockerId);
      if (toDays.some(takes)) break; // taken in the window: the next locker
      const streams = [reservationStreamId(state.reservationId), ...fromDays.map((d) => d.streamId), ...toDays.map((d) => d.streamId)];
      // Bookings of this process queue behind the move on these days instead of failing it.
      const result = await cache.locks.run(streams, () => appendMove(deps, cache, reservation, hub, fromDays, toDays, target, ctx));
      if (result === 'taken') break;
      if (result !== 'day_changed') return result;
      await backoff(attempt);
    }
  }
  return 'none_free';
}

async function appendMove(
  deps: CommandDeps,
  cache: BookingCache,
  reservation: Reservation,
  hub: HubState,
  fromDays: Day[],
  toDays: Day[],
  target: Locker,
  ctx: CommandContext,
): Promise<TryOutcome | 'taken' | 'day_changed'> {
  // Another writer of this process may have held these days before us: use what it left.
  for (const day of [...fromDays, ...toDays]) {
    const newer = cache.schedules.peek(day.streamId);
    if (newer && newer.version > day.folded.version) day.folded = newer;
  }
  let decision;
  try {
    const days = (list: Day[]) => new Map(list.map((d) => [d.period, d.folded.state]));
    decision = decideMove(reservation.state, hub, days(fromDays), days(toDays), { toLockerId: target.lockerId, now: ctx.now });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'locker_unavailable') return 'taken';
    throw error;
  }
  const fromOf = new Map(fromDays.map((d) => [d.period, d]));
  const toOf = new Map(toDays.map((d) => [d.period, d]));
  const dayAppends = [
    ...decision.releases.map((r) => ({ day: fromOf.get(r.period)!, events: r.events })),
    ...decision.bookings.map((b) => ({ day: toOf.get(b.period)!, events: b.events })),
  ];
  const appends: StreamAppend[] = [
    { streamId: reservationStreamId(reservation.state.reservationId), events: toNewEvents(decision.reservation, ctx), expectedVersion: reservation.version },
    ...dayAppends.map((a) => ({ streamId: a.day.streamId, events: toNewEvents(a.events, ctx), expectedVersion: a.day.folded.version })),
  ];
  try {
    const results = await deps.store.appendMany(appends);
    // What we wrote is what those days now hold: later moves and bookings need no read.
    dayAppends.forEach((a, i) => cache.schedules.applyAppended(a.day.streamId, a.events, results[1 + i]!.nextVersion, a.day.folded));
    return { locker: target, position: results[0]!.position };
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    if (error.streamId === appends[0]!.streamId) return 'reservation_changed';
    const day = [...fromDays, ...toDays].find((d) => d.streamId === error.streamId);
    if (day) day.folded = await cache.schedules.load(deps.store, error.streamId, error.actual);
    return 'day_changed';
  }
}
