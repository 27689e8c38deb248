import type { ReservationCommand } from '../../../domain/reservations/reservation-decide.js';
import { reservationDecider } from '../../../domain/reservations/reservation-decide.js';
import type { ReservationEvent, ReservationState } from '../../../domain/reservations/reservation-events.js';
import { freesLocker, isOpen, reservationStreamId } from '../../../domain/reservations/reservation-events.js';
import { decideBooking, paymentDueAtFor, releaseEvents } from '../../../domain/reservations/booking.js';
import type { RenterState } from '../../../domain/reservations/renter-reservations.js';
import { decideOpen, evolveRenter, initialRenterState, openRefusal, renterFactsOf, renterStreamId } from '../../../domain/reservations/renter-reservations.js';
import type { EventMetadata } from '../../../infra/eventstore/port.js';
import type { BookingPlan } from './booking-plan.js';
import { Ending } from './booking-plan.js';
import type { CityHub, CityLocker } from './city-hubs.js';
import type { CityOptions } from './city-options.js';
import type { CityRenter } from './city-renters.js';
import type { LogSink, StreamPart } from './event-log.js';
import { emitAppend, userMetadata, workerMetadata } from './event-log.js';
import type { ReservationRow } from './read-model-rows.js';
import { nextReservationRow } from './read-model-rows.js';
import type { Random } from './random.js';
import { ScheduleBook } from './schedule-book.js';

// Replays the plan in time order through the real deciders: a booking is decided by
// decideBooking on the Hub and the locker's day schedules and by decideOpen on the renter's
// stream, as commands/reserve-by-size.ts does; payment and endings by the reservation decider,
// with releases and renter facts as commands/reservation-commands.ts adds them. Every decision
// becomes the append the command would have made, in the same stream order.

const CANCEL_REASON = 'Cancelada pelo usuário'; // what commands/reservation-commands.ts records
const METHODS = ['pix', 'credit_card'] as const;
const Step = { book: 0, pay: 1, end: 2 } as const;
const INDEX_BITS = 2 ** 22;

interface OpenReservation {
  id: string;
  renter: number;
  lockerId: string;
  state: ReservationState;
  version: number;
  row: ReservationRow | null;
}

export interface Lifecycle {
  totalSteps: number;
  doneSteps(): number;
  /** Runs up to `max` steps; false once every step has run. */
  run(max: number): boolean;
  /** Rows of the reservations still open; call once, after the last step. */
  openRows(): ReservationRow[];
}

/**
 * Steps (book, pay, end) ordered by time, then kind, then reservation, in one Float64Array
 * sort: key = ((second − base) × 4 + kind) × 2²² + index, exact below 2⁵³.
 */
function orderSteps(plan: BookingPlan): { keys: Float64Array; baseSec: number } {
  let baseSec = Infinity;
  let total = 0;
  for (let i = 0; i < plan.count; i++) {
    baseSec = Math.min(baseSec, Math.floor(plan.createdMs[i]! / 1000));
    total += 1 + (Number.isNaN(plan.paidMs[i]) ? 0 : 1) + (Number.isNaN(plan.endingMs[i]) ? 0 : 1);
  }
  const keys = new Float64Array(total);
  let k = 0;
  const put = (ms: number, kind: number, i: number) => {
    const key = ((Math.floor(ms / 1000) - baseSec) * 4 + kind) * INDEX_BITS + i;
    if (key > Number.MAX_SAFE_INTEGER) throw new RangeError('lifecycle: the history is too long for the step key');
    keys[k++] = key;
  };
  for (let i = 0; i < plan.count; i++) {
    put(plan.createdMs[i]!, Step.book, i);
    if (!Number.isNaN(plan.paidMs[i])) put(plan.paidMs[i]!, Step.pay, i);
    if (!Number.isNaN(plan.endingMs[i])) put(plan.endingMs[i]!, Step.end, i);
  }
  return { keys: keys.sort(), baseSec };
}

export function createLifecycle(
  input: { plan: BookingPlan; hubs: readonly CityHub[]; lockers: readonly CityLocker[]; renters: readonly CityRenter[]; options: CityOptions; random: Random },
  sink: LogSink,
  closedRow: (row: ReservationRow) => void,
): Lifecycle {
  const { plan, hubs, lockers, renters, options, random } = input;
  const { keys, baseSec } = orderSteps(plan);
  const open = new Map<number, OpenReservation>();
  const schedules = new ScheduleBook();
  const renterStates: RenterState[] = renters.map(() => initialRenterState());
  const renterVersions = new Uint32Array(renters.length);
  let next = 0;

  const appendRenter = (renter: number, events: ReturnType<typeof renterFactsOf>): StreamPart[] => {
    if (events.length === 0) return [];
    const part = { streamId: renterStreamId(renters[renter]!.id), versionBefore: renterVersions[renter]!, events };
    renterVersions[renter]! += events.length;
    renterStates[renter] = events.reduce(evolveRenter, renterStates[renter]!);
    return [part];
  };

  function book(i: number, now: Date) {
    const locker = lockers[plan.locker[i]!]!;
    const start = new Date(plan.startMs[i]!);
    const end = new Date(plan.endMs[i]!);
    const id = random.uuid();
    // The planned renter, or the next one the renter rules let book (the API would refuse the
    // first: at the limit, an unpaid hold already waiting, or cooling down after dropped holds).
    const paymentDueAt = paymentDueAtFor(locker, { start, end, now, paymentWindowMs: options.paymentWindowMs });
    const openFor = (renter: number) => ({
      userId: renters[renter]!.id,
      reservationId: id,
      endTime: end.toISOString(),
      paymentDueAt,
      now,
      limit: options.maxActiveReservations,
    });
    let renter = plan.renter[i]!;
    for (let tries = 0; openRefusal(renterStates[renter]!, openFor(renter)) !== null; tries++) {
      if (tries >= renters.length) throw new Error('lifecycle: no renter may book');
      renter = (renter + 1) % renters.length;
    }
    const userId = renters[renter]!.id;
    const periods = schedules.states(locker.lockerId, start, end);
    const decision = decideBooking(
      {
        reservationId: id,
        userId,
        lockerId: locker.lockerId,
        start,
        end,
        now,
        maxHours: options.maxReservationHours,
        canUsePrivateHub: true,
        codeHash: random.hex(32),
        paymentWindowMs: options.paymentWindowMs,
      },
      hubs[locker.hubIndex]!.state,
      periods,
    );
    const opened = decideOpen(renterStates[renter]!, openFor(renter));
    const meta = userMetadata(random, { id: userId, role: 'user' }, now.toISOString());
    const parts: StreamPart[] = [
      { streamId: reservationStreamId(id), versionBefore: 0, events: decision.reservation },
      ...decision.schedules.map((s) => schedules.record(locker.lockerId, s.period, s.events)),
      ...appendRenter(renter, opened),
    ];
    emitAppend(sink, random, parts, meta);
    const reservation: OpenReservation = { id, renter, lockerId: locker.lockerId, state: reservationDecider.initialState(), version: 0, row: null };
    open.set(i, reservation);
    apply(reservation, decision.reservation, meta.at);
  }

  function apply(reservation: OpenReservation, events: readonly ReservationEvent[], at: string) {
    for (const event of events) {
      reservation.state = reservationDecider.evolve(reservation.state, event);
      reservation.row = nextReservationRow(reservation.row, event, at);
    }
    reservation.version += events.length;
  }

  /** As runReservationCommand: decide, then the releases and renter facts in the same append. */
  function command(
    i: number,
    build: (state: ReservationState, now: Date) => ReservationCommand,
    now: Date,
    meta: (id: string, userId: string) => EventMetadata,
  ) {
    const reservation = open.get(i);
    if (!reservation) throw new Error(`lifecycle: reservation ${i} is not open`);
    const events = reservationDecider.decide(build(reservation.state, now), reservation.state);
    if (events.length === 0) throw new Error(`lifecycle: nothing decided for ${reservation.id}`);
    const next = events.reduce(reservationDecider.evolve, reservation.state);
    if (next.status === 'none') throw new Error('lifecycle: a reservation vanished');
    const releases = events.some(freesLocker) ? releaseEvents(next).map((r) => schedules.record(reservation.lockerId, r.period, r.events)) : [];
    const userId = renters[reservation.renter]!.id;
    const m = meta(reservation.id, userId);
    emitAppend(
      sink,
      random,
      [
        { streamId: reservationStreamId(reservation.id), versionBefore: reservation.version, events },
        ...releases,
        ...appendRenter(reservation.renter, renterFactsOf(userId, events)),
      ],
      m,
    );
    apply(reservation, events, m.at);
    if (!isOpen(reservation.state.status)) {
      open.delete(i);
      if (reservation.row) closedRow(reservation.row);
    }
  }

  const asUser = (now: Date) => (_id: string, userId: string) => userMetadata(random, { id: userId, role: 'user' }, now.toISOString());
  const asWorker = (now: Date) => (id: string) => workerMetadata(id, now.toISOString());

  function end(i: number, now: Date) {
    switch (plan.ending[i]) {
      case Ending.finalize:
        return command(i, (_, at) => ({ type: 'FinalizeReservation', now: at }), now, asUser(now));
      case Ending.cancel:
        return command(i, (_, at) => ({ type: 'CancelReservation', reason: CANCEL_REASON, now: at }), now, asUser(now));
      case Ending.expireEnded:
      case Ending.expireOverdue:
        return command(i, (_, at) => ({ type: 'ExpireReservation', now: at }), now, asWorker(now));
      default:
        throw new Error(`lifecycle: reservation ${i} has no ending`);
    }
  }

  return {
    totalSteps: keys.length,
    doneSteps: () => next,
    run(max) {
      const stop = Math.min(keys.length, next + max);
      for (; next < stop; next++) {
        const key = keys[next]!;
        const i = key % INDEX_BITS;
        const slot = Math.floor(key / INDEX_BITS);
        const kind = slot % 4;
        const now = new Date(((slot - kind) / 4 + baseSec) * 1000);
        schedules.forgetBefore(now);
        if (kind === Step.book) book(i, now);
        else if (kind === Step.pay) {
          const method = METHODS[plan.method[i]!]!;
          const pay = (state: ReservationState, at: Date): ReservationCommand => ({
            type: 'ConfirmPayment',
            method,
            amountCents: state.status === 'none' ? 0 : state.priceCents,
            now: at,
          });
          command(i, pay, now, asUser(now));
        } else end(i, now);
      }
      return next < keys.length;
    },
    openRows: () => [...open.values()].flatMap((r) => (r.row ? [r.row] : [])),
  };
}
