import { randomUUID } from 'node:crypto';
import type { HubEvent, HubState, Locker, LockerSize } from '../../domain/hubs/hub-events.js';
import { evolveHub, hubStreamId, initialHubState } from '../../domain/hubs/hub-events.js';
import { BookingMessages, bookableLockers, decideBooking, validateWindow } from '../../domain/reservations/booking.js';
import { reservationStreamId } from '../../domain/reservations/reservation-events.js';
import type { ScheduleEvent, ScheduleState } from '../../domain/schedule/locker-schedule.js';
import { evolveSchedule, initialScheduleState, periodsOf, scheduleStreamId } from '../../domain/schedule/locker-schedule.js';
import { DomainError, conflict, forbidden, notFound } from '../../domain/shared/domain-error.js';
import type { CommandContext } from '../../infra/eventstore/command-handler.js';
import { backoff, loadState, toNewEvents } from '../../infra/eventstore/command-handler.js';
import type { AppendResult, StreamAppend } from '../../infra/eventstore/port.js';
import { WrongExpectedVersionError } from '../../infra/eventstore/port.js';
import { generateAccessCode, hashAccessCode } from './access-code.js';
import type { CommandDeps } from './deps.js';
import { EXPIRE_JOB } from './deps.js';

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
}

const hubDecider = { evolve: evolveHub, initialState: initialHubState };
const scheduleDecider = { evolve: evolveSchedule, initialState: initialScheduleState };

/**
 * Books the first free active locker of a size. Candidates come from the Hub stream, ordered so
 * lockers the read model already knows are taken in that window come last; the write side then
 * confirms or refuses each one with an expected-version append on its day schedules.
 */
export async function reserveBySize(deps: CommandDeps, input: ReserveBySizeInput, ctx: CommandContext): Promise<ReserveBySizeResult> {
  const { state: hub } = await loadState<HubEvent, HubState>(deps.store, hubStreamId(input.hubId), hubDecider);
  if (hub.status !== 'registered') throw notFound('hub_not_found', BookingMessages.hubNotFound);
  if (hub.details.private && !input.canUsePrivateHub) throw forbidden('private_hub', BookingMessages.privateHub);
  validateWindow(input.start, input.end, ctx.now, deps.maxReservationHours);

  const reservationId = randomUUID();
  const accessCode = generateAccessCode();
  const codeHash = hashAccessCode(deps.codeSecret, reservationId, accessCode);
  const candidates = await orderByHint(deps, bookableLockers(hub, input.size), input);

  // Uncontended, the first free locker wins, as the spec books. A locker whose day schedule
  // changed under us goes to the back, and the others are shuffled: requests that collided on
  // one locker then spread over the rest instead of colliding again on the next one.
  let queue = candidates.map((locker) => ({ locker, attempts: 0 }));
  while (queue.length > 0) {
    const next = queue.shift()!;
    const outcome = await tryLocker(deps, hub, next.locker, { ...input, reservationId, codeHash }, ctx);
    if (outcome === 'taken') continue;
    if (outcome === 'contended') {
      queue = shuffled(queue);
      if (++next.attempts < MAX_ATTEMPTS_PER_LOCKER) queue.push(next);
      if (queue[0] === next) await backoff(next.attempts);
      continue;
    }
    // The booking stands even if the queue is down: the sweeper expires what no job covers.
    await deps.queue
      .schedule(EXPIRE_JOB, { reservationId }, { runAt: input.end, jobId: reservationId })
      .catch((err: unknown) => deps.log.warn({ err, reservationId }, 'could not schedule expiry'));
    return { reservationId, lockerId: next.locker.lockerId, accessCode, position: outcome };
  }
  throw conflict('no_locker_available', BookingMessages.noneOfSize(input.size));
}

const MAX_ATTEMPTS_PER_LOCKER = 20;

const shuffled = <T>(items: T[]): T[] =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

/** One try at one locker: booked (its position), taken in that window, or contended (retry). */
async function tryLocker(
  deps: CommandDeps,
  hub: HubState,
  locker: Locker,
  input: ReserveBySizeInput & { reservationId: string; codeHash: string },
  ctx: CommandContext,
): Promise<AppendResult['position'] | 'taken' | 'contended'> {
  const schedules = new Map<string, ScheduleState>();
  const versions = new Map<string, number>();
  for (const period of periodsOf(input.start, input.end)) {
    const loaded = await loadState<ScheduleEvent, ScheduleState>(deps.store, scheduleStreamId(locker.lockerId, period), scheduleDecider);
    schedules.set(period, loaded.state);
    versions.set(period, loaded.version);
  }
  let decision;
  try {
    decision = decideBooking({ ...input, lockerId: locker.lockerId, now: ctx.now, maxHours: deps.maxReservationHours }, hub, schedules);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'locker_unavailable') return 'taken';
    throw error;
  }
  const appends: StreamAppend[] = [
    { streamId: reservationStreamId(input.reservationId), events: toNewEvents(decision.reservation, ctx), expectedVersion: 'no_stream' },
    ...decision.schedules.map((s) => ({
      streamId: scheduleStreamId(locker.lockerId, s.period),
      events: toNewEvents(s.events, ctx),
      expectedVersion: versions.get(s.period) ?? 0,
    })),
  ];
  try {
    const results = await deps.store.appendMany(appends);
    return results[0]!.position;
  } catch (error) {
    // Someone else wrote this locker's day meanwhile: decide again on the fresh schedule.
    if (error instanceof WrongExpectedVersionError) return 'contended';
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
