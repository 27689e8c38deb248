import { randomUUID } from 'node:crypto';
import type { HubEvent, HubState, Locker, LockerSize } from '../domain/hubs/hub-events.js';
import { evolveHub, hubStreamId, initialHubState } from '../domain/hubs/hub-events.js';
import { BookingMessages, bookableLockers, decideBooking, validateWindow } from '../domain/reservations/booking.js';
import type { RenterEvent, RenterState } from '../domain/reservations/renter-reservations.js';
import { decideOpen, evolveRenter, initialRenterState, renterStreamId } from '../domain/reservations/renter-reservations.js';
import { reservationStreamId } from '../domain/reservations/reservation-events.js';
import type { ScheduleEvent, ScheduleState } from '../domain/schedule/locker-schedule.js';
import { evolveSchedule, initialScheduleState, periodsOf, scheduleStreamId } from '../domain/schedule/locker-schedule.js';
import { DomainError, conflict, forbidden, notFound } from '../domain/shared/domain-error.js';
import type { AppendResult, StreamAppend } from '../infra/eventstore/port.js';
import { WrongExpectedVersionError } from '../infra/eventstore/port.js';
import { accessCodeFor, hashAccessCode } from './access-code.js';
import type { CommandContext } from './command-handler.js';
import { backoff, loadState, toNewEvents } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { DEFAULT_MAX_ACTIVE_RESERVATIONS, DEFAULT_PAYMENT_WINDOW_MS } from './deps.js';
import { derivedUuid } from './idempotency.js';
import type { TimedReservationEvent } from './reservation-commands.js';
import { readReservation, scheduleExpiry } from './reservation-commands.js';

export interface ReserveBySizeInput {
  userId: string;
  hubId: string;
  size: LockerSize;
  start: Date;
  end: Date;
  canUsePrivateHub: boolean;
}

export interface ReserveBySizeResult {
  reservationId: string;
  lockerId: string;
  accessCode: string;
  position: AppendResult['position'];
  /** The reservation's events, to answer from when the read model cannot be reached. */
  log: TimedReservationEvent[];
}

const hubDecider = { evolve: evolveHub, initialState: initialHubState };
const scheduleDecider = { evolve: evolveSchedule, initialState: initialScheduleState };
const renterDecider = { evolve: evolveRenter, initialState: initialRenterState };

interface Renter {
  state: RenterState;
  version: number;
}

/**
 * Books the first free active locker of a size. Candidates come from the Hub stream, ordered so
 * lockers the read model already knows are taken in that window come last; the write side then
 * confirms or refuses each one with an expected-version append on its day schedules, together
 * with the renter's stream, which holds the renter to their active-reservation limit.
 * With an Idempotency-Key the reservation's id and code derive from it: a retry finds the
 * reservation its first attempt made and answers with it.
 */
export async function reserveBySize(deps: CommandDeps, input: ReserveBySizeInput, ctx: CommandContext): Promise<ReserveBySizeResult> {
  const reservationId = ctx.idempotencyKey ? derivedUuid('reservation', input.userId, ctx.idempotencyKey) : randomUUID();
  const accessCode = accessCodeFor(deps.codeSecret, reservationId, ctx.idempotencyKey);
  const alreadyMade = async (): Promise<ReserveBySizeResult | null> => {
    const made = await readReservation(deps, reservationId);
    return made.state.status !== 'none' && made.position ? { reservationId, lockerId: made.state.lockerId, accessCode, position: made.position, log: made.log } : null;
  };
  if (ctx.idempotencyKey) {
    const made = await alreadyMade();
    if (made) return made;
  }

  const { state: hub } = await loadState<HubEvent, HubState>(deps.store, hubStreamId(input.hubId), hubDecider);
  if (hub.status !== 'registered') throw notFound('hub_not_found', BookingMessages.hubNotFound);
  if (hub.details.private && !input.canUsePrivateHub) throw forbidden('private_hub', BookingMessages.privateHub);
  validateWindow(input.start, input.end, ctx.now, deps.maxReservationHours);

  const codeHash = hashAccessCode(deps.codeSecret, reservationId, accessCode);
  let renter = await loadRenter(deps, input.userId);
  checkLimit(deps, renter, { ...input, reservationId }, ctx.now);
  const candidates = await orderByHint(deps, bookableLockers(hub, input.size), input);

  // Uncontended, the first free locker wins, as the spec books. A locker whose day schedule
  // changed under us goes to the back, and the others are shuffled: requests that collided on
  // one locker then spread over the rest instead of colliding again on the next one.
  let queue = candidates.map((locker) => ({ locker, attempts: 0 }));
  while (queue.length > 0) {
    const next = queue.shift()!;
    const outcome = await tryLocker(deps, hub, next.locker, renter, { ...input, reservationId, codeHash }, ctx);
    if (outcome === 'taken') continue;
    if (outcome === 'already_made') {
      const made = await alreadyMade();
      if (made) return made;
      continue;
    }
    if (outcome === 'renter_changed') {
      // Another booking of this renter landed meanwhile: count again, then try the same locker.
      renter = await loadRenter(deps, input.userId);
      checkLimit(deps, renter, { ...input, reservationId }, ctx.now);
      queue.unshift(next);
      continue;
    }
    if (outcome === 'contended') {
      queue = shuffled(queue);
      if (++next.attempts < MAX_ATTEMPTS_PER_LOCKER) queue.push(next);
      if (queue[0] === next) await backoff(next.attempts);
      continue;
    }
    const created = outcome.log[0]?.event;
    const due = created?.type === 'ReservationCreated' && created.data.paymentDueAt ? new Date(created.data.paymentDueAt) : input.end;
    await scheduleExpiry(deps, reservationId, due);
    return { reservationId, lockerId: next.locker.lockerId, accessCode, position: outcome.position, log: outcome.log };
  }
  throw conflict('no_locker_available', BookingMessages.noneOfSize(input.size));
}

const MAX_ATTEMPTS_PER_LOCKER = 20;

const shuffled = <T>(items: T[]): T[] =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

const loadRenter = (deps: CommandDeps, userId: string): Promise<Renter> => loadState<RenterEvent, RenterState>(deps.store, renterStreamId(userId), renterDecider);

/** Fails fast, before any locker is tried, when the renter is at their limit. */
function checkLimit(deps: CommandDeps, renter: Renter, input: ReserveBySizeInput & { reservationId: string }, now: Date): void {
  openEvents(deps, renter, input, now, null);
}

const openEvents = (deps: CommandDeps, renter: Renter, input: ReserveBySizeInput & { reservationId: string }, now: Date, paymentDueAt: string | null) =>
  decideOpen(renter.state, {
    userId: input.userId,
    reservationId: input.reservationId,
    endTime: input.end.toISOString(),
    paymentDueAt,
    now,
    limit: deps.maxActiveReservations ?? DEFAULT_MAX_ACTIVE_RESERVATIONS,
  });

type Outcome = { position: AppendResult['position']; log: TimedReservationEvent[] } | 'taken' | 'contended' | 'renter_changed' | 'already_made';

/** One try at one locker: booked, taken in that window, contended (retry), or the renter moved. */
async function tryLocker(
  deps: CommandDeps,
  hub: HubState,
  locker: Locker,
  renter: Renter,
  input: ReserveBySizeInput & { reservationId: string; codeHash: string },
  ctx: CommandContext,
): Promise<Outcome> {
  const schedules = new Map<string, ScheduleState>();
  const versions = new Map<string, number>();
  for (const period of periodsOf(input.start, input.end)) {
    const loaded = await loadState<ScheduleEvent, ScheduleState>(deps.store, scheduleStreamId(locker.lockerId, period), scheduleDecider);
    schedules.set(period, loaded.state);
    versions.set(period, loaded.version);
  }
  let decision;
  try {
    decision = decideBooking(
      { ...input, lockerId: locker.lockerId, now: ctx.now, maxHours: deps.maxReservationHours, paymentWindowMs: deps.paymentWindowMs ?? DEFAULT_PAYMENT_WINDOW_MS },
      hub,
      schedules,
    );
  } catch (error) {
    if (error instanceof DomainError && error.code === 'locker_unavailable') return 'taken';
    throw error;
  }
  const created = decision.reservation[0];
  const paymentDueAt = created?.type === 'ReservationCreated' ? (created.data.paymentDueAt ?? null) : null;
  const renterStream = renterStreamId(input.userId);
  const appends: StreamAppend[] = [
    { streamId: reservationStreamId(input.reservationId), events: toNewEvents(decision.reservation, ctx), expectedVersion: 'no_stream' },
    ...decision.schedules.map((s) => ({
      streamId: scheduleStreamId(locker.lockerId, s.period),
      events: toNewEvents(s.events, ctx),
      expectedVersion: versions.get(s.period) ?? 0,
    })),
    { streamId: renterStream, events: toNewEvents(openEvents(deps, renter, input, ctx.now, paymentDueAt), ctx), expectedVersion: renter.version },
  ];
  try {
    const results = await deps.store.appendMany(appends);
    const at = ctx.now.toISOString();
    return { position: results[0]!.position, log: decision.reservation.map((event) => ({ event, at })) };
  } catch (error) {
    // Someone else wrote this locker's day (or this renter's stream) meanwhile: decide again.
    if (error instanceof WrongExpectedVersionError) {
      if (error.streamId === appends[0]!.streamId) return 'already_made'; // a concurrent retry of this very request won
      return error.streamId === renterStream ? 'renter_changed' : 'contended';
    }
    throw error;
  }
}

/** Read-model hint: lockers with an open reservation overlapping the window go last. */
async function orderByHint(deps: CommandDeps, lockers: Locker[], input: ReserveBySizeInput): Promise<Locker[]> {
  if (lockers.length < 2) return lockers;
  const { rows } = await deps.db.query<{ locker_id: string }>(
    `SELECT DISTINCT locker_id FROM rm_reservations
     WHERE hub_id = $1 AND status IN ('pending', 'active') AND start_time < $3 AND end_time > $2`,
    [input.hubId, input.start, input.end],
  );
  const taken = new Set(rows.map((r) => r.locker_id));
  return [...lockers.filter((l) => !taken.has(l.lockerId)), ...lockers.filter((l) => taken.has(l.lockerId))];
}
