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
import type { GlobalPosition } from '../infra/eventstore/port.js';
import { comparePositions } from '../infra/eventstore/port.js';
import { openReservationsOnLockers } from '../projections/reservations/command-queries.js';
import type { BookingCache } from './booking-cache.js';
import { bookingCacheFor } from './booking-cache.js';
import { MAX_ATTEMPTS_PER_LOCKER } from './booking-candidates.js';
import type { CommandContext, Decision } from './command-handler.js';
import { AGAIN, loadState, runCommand } from './command-handler.js';
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

type Reservation = { state: Extract<ReservationState, { lockerId: string }>; version: number };
type Day = { period: string; streamId: string; folded: Folded<ScheduleState> };
/** One reservation as read, its targets in order, and how far through them the move is. */
type Plan = Reservation & { hub: HubState; targets: Locker[]; fromDays: Day[]; next: number; collisions: number; codesIssued: number };
type Try = { answer: Outcome } | { plan: Plan; target: Locker; toDays: Day[] };

/**
 * One reservation: its stream is the truth. The targets are tried in order; a day another writer
 * changed is read again and the same target retried; a change to the reservation itself under
 * the move means read it again and start over.
 */
/** Decides one move (decideMove, or a move that also does more: domain/doors/door-failure.ts). */
export type DecideMove = (
  reservation: ReservationState,
  hub: HubState,
  fromDays: ReadonlyMap<string, ScheduleState>,
  toDays: ReadonlyMap<string, ScheduleState>,
  /** codesIssued: the reservation's AccessCodeIssued so far, as read (the next rotated code's index). */
  request: { toLockerId: string; now: Date; codesIssued: number },
) => ReturnType<typeof decideMove>;

/**
 * Moves one reservation off `input.lockerId` to the first free active GMV locker of its size in
 * its Hub, as a deactivation moves each of its reservations (same checks, same retries);
 * `decide` may add to the move (the door-failure report's fresh code).
 */
export async function moveReservation(
  deps: CommandDeps,
  input: { hubId: string; lockerId: string },
  reservationId: string,
  ctx: CommandContext,
  decide: DecideMove = decideMove,
): Promise<{ moved: MovedReservation; position: GlobalPosition | null } | { unmoved: UnmovedReservation } | 'not_here'> {
  return moveOne(deps, bookingCacheFor(deps), input, reservationId, ctx, decide);
}

function moveOne(
  deps: CommandDeps,
  cache: BookingCache,
  input: { hubId: string; lockerId: string },
  reservationId: string,
  ctx: CommandContext,
  decideTarget: DecideMove = decideMove,
): Promise<Outcome> {
  const streamId = reservationStreamId(reservationId);
  let plan: Plan | null = null;
  let rereads = 0;
  const windowOf = (state: Reservation['state']) => ({ startTime: new Date(state.startMs).toISOString(), endTime: new Date(state.endMs).toISOString() });
  const takes = (state: Reservation['state'], day: Day) =>
    day.folded.state.bookings.some((b) => b.reservationId !== state.reservationId && overlaps(b, { startMs: state.startMs, endMs: state.endMs }));
  const daysOf = (state: Reservation['state'], lockerId: string) =>
    Promise.all(
      state.periods.map(async (period): Promise<Day> => {
        const dayStream = scheduleStreamId(lockerId, period);
        return { period, streamId: dayStream, folded: await cache.schedules.load(deps.store, dayStream) };
      }),
    );
  const nextTarget = (p: Plan) => {
    p.next++;
    p.collisions = 0;
  };

  const readPlan = async (): Promise<Plan | { answer: Outcome }> => {
    const { state, version, stored } = await loadState(deps.store, streamId, reservationDecider);
    if (state.status === 'none') return { answer: 'not_here' };
    const earlier = writtenBy(stored, ctx.idempotencyKey);
    const move = earlier && ({ type: earlier.type, data: earlier.data } as ReservationEvent);
    if (move?.type === 'ReservationMoved' && move.data.fromLockerId === input.lockerId) {
      const moved = { reservationId, ...windowOf(state), toLockerId: move.data.toLockerId, toOrderNumber: move.data.toLockerOrderNumber };
      return { answer: { moved, position: earlier!.position } };
    }
    if (state.lockerId !== input.lockerId || !holdsLocker(state, ctx.now)) return { answer: 'not_here' };
    const hub = (await cache.hubs.load(deps.store, hubStreamId(input.hubId))).state;
    const withGoods = lockersHoldingGoods(hub, new Date(state.endMs));
    const targets = bookableLockers(hub, state.lockerSize).filter((l) => l.lockerId !== state.lockerId && !withGoods.has(l.lockerId));
    const codesIssued = stored.filter((e) => e.type === 'AccessCodeIssued').length;
    return { state, version, hub, targets, fromDays: await daysOf(state, state.lockerId), next: 0, collisions: 0, codesIssued };
  };

  return runCommand<Try, Outcome>(deps.store, ctx, {
    maxAttempts: Infinity, // bounded below: MAX_REREADS, and MAX_ATTEMPTS_PER_LOCKER per target
    read: async () => {
      if (!plan) {
        const read = await readPlan();
        if ('answer' in read) return read;
        plan = read;
      }
      for (let target = plan.targets[plan.next]; target; target = plan.targets[plan.next]) {
        const toDays = await daysOf(plan.state, target.lockerId);
        if (!toDays.some((day) => takes(plan!.state, day))) return { plan, target, toDays };
        nextTarget(plan); // taken in the window: the next locker
      }
      return { answer: { unmoved: { reservationId, ...windowOf(plan.state), userId: plan.state.userId } } };
    },
    // Bookings of this process queue behind the move on these days instead of failing it.
    queue: {
      locks: cache.locks,
      streams: (t) => ('answer' in t ? [] : [streamId, ...t.plan.fromDays.map((d) => d.streamId), ...t.toDays.map((d) => d.streamId)]),
    },
    decide: (t) => ('answer' in t ? t : decideOne(t)),
    refresh: async (conflict, t) => {
      if ('answer' in t) return;
      const day = [...t.plan.fromDays, ...t.toDays].find((d) => d.streamId === conflict.streamId);
      if (day) day.folded = await cache.schedules.load(deps.store, conflict.streamId, conflict.actual);
    },
    onConflict: (conflict, t) => {
      if ('answer' in t) throw conflict;
      if (conflict.streamId === streamId) {
        if (++rereads >= MAX_REREADS) throw new Error(`reservation ${reservationId} kept changing while being moved`);
        plan = null;
        return { retry: true, backoff: rereads };
      }
      const collisions = ++t.plan.collisions;
      if (collisions >= MAX_ATTEMPTS_PER_LOCKER) nextTarget(t.plan);
      return { retry: true, backoff: collisions };
    },
  });

  function decideOne(t: Extract<Try, { plan: Plan }>): Decision<Outcome> {
    const { plan: p, target, toDays } = t;
    // Another writer of this process may have held these days before us: use what it left.
    for (const day of [...p.fromDays, ...toDays]) {
      const newer = cache.schedules.peek(day.streamId);
      if (newer && newer.version > day.folded.version) day.folded = newer;
    }
    let decision;
    try {
      const days = (list: Day[]) => new Map(list.map((d) => [d.period, d.folded.state]));
      decision = decideTarget(p.state, p.hub, days(p.fromDays), days(toDays), { toLockerId: target.lockerId, now: ctx.now, codesIssued: p.codesIssued });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'locker_unavailable') {
        nextTarget(p);
        return AGAIN;
      }
      throw error;
    }
    const fromOf = new Map(p.fromDays.map((d) => [d.period, d]));
    const toOf = new Map(toDays.map((d) => [d.period, d]));
    const dayWrites = [
      ...decision.releases.map((r) => ({ day: fromOf.get(r.period)!, events: r.events })),
      ...decision.bookings.map((b) => ({ day: toOf.get(b.period)!, events: b.events })),
    ];
    return {
      append: [
        { streamId, events: decision.reservation, expectedVersion: p.version },
        ...dayWrites.map((w) => ({ streamId: w.day.streamId, events: w.events, expectedVersion: w.day.folded.version })),
      ],
      written: (appended) => {
        // What we wrote is what those days now hold: later moves and bookings need no read.
        for (const w of dayWrites) cache.schedules.applyAppended(w.day.streamId, w.events, appended!.of(w.day.streamId).nextVersion, w.day.folded);
        const moved = { reservationId, ...windowOf(p.state), toLockerId: target.lockerId, toOrderNumber: target.orderNumber };
        return { moved, position: appended!.of(streamId).position };
      },
    };
  }
}
