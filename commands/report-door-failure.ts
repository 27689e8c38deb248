import type { DoorFailureState } from '../domain/doors/door-failure.js';
import { DoorFailureMessages, decideRelocation, doorFailureDecider, openingToReport } from '../domain/doors/door-failure.js';
import { doorStatesStreamId } from '../domain/doors/door-state-events.js';
import type { LockerSize } from '../domain/hubs/hub-events.js';
import { reservationStreamId } from '../domain/reservations/reservation-events.js';
import type { GlobalPosition } from '../infra/eventstore/port.js';
import { hashAccessCode, rotatedAccessCode } from './access-code.js';
import { startRotation } from './code-rotation-schedule.js';
import type { CommandContext, LoadedStream } from './command-handler.js';
import { loadState, runCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { takeLockerOutOfService } from './hub-locker-commands.js';
import { derivedUuid } from './idempotency.js';
import { moveReservation } from './move-reservations.js';
import { readReservation } from './reservation-commands.js';
import { currentAccessCode } from './rotate-access-code.js';

// "A porta não abriu" (issue 29 item 6, domain/doors/door-failure.ts). In order, each step safe
// to run again: (1) the jam is recorded on the Hub's door-state stream, its event id derived
// from the opening reported, so a retry (with or without an Idempotency-Key, from any process)
// records it once; (2) the renter moves first, before anyone else booked on that locker, to a
// free locker of the same size in the same Hub, with the next code of its rotation in the same
// append (a retry finds the move: its ReservationMoved names the report); (3) the locker goes out
// of service through the admins' deactivation, whose moves take its other reservations away.
// Nothing is charged: the move keeps the reservation's window and price.

export interface DoorFailureResult {
  outcome: 'moved' | 'none_free';
  /** What the renter reads: where to go, or that no locker is free. */
  message: string;
  size: LockerSize;
  /** The new locker and its code (moved only). */
  moved: { lockerId: string; orderNumber: number; code: string; expiresAt: string } | null;
  /** The last write's log position, for answering once the read models include it. */
  position: GlobalPosition | null;
}

const DEACTIVATION_REASON = DoorFailureMessages.deactivationReason;

/** The report's id: one per opening of the door, whoever sends it and however often. */
const reportIdOf = (reservationId: string, state: DoorFailureState) => derivedUuid('door-failed', reservationId, state.opening?.requestId ?? 'no-opening');

export async function reportDoorFailure(deps: CommandDeps, input: { reservationId: string; userId: string }, ctx: CommandContext): Promise<DoorFailureResult> {
  const { reservationId } = input;
  const streamId = reservationStreamId(reservationId);

  // (1) Decide on the reservation's stream; record the jam on the Hub's door states.
  type Recorded = { state: DoorFailureState; reportId: string; recorded: boolean; position: GlobalPosition | null };
  const recorded = await runCommand<LoadedStream<DoorFailureState>, Recorded>(deps.store, ctx, {
    read: () => loadState(deps.store, streamId, doorFailureDecider),
    decide: ({ state }) => {
      const reportId = reportIdOf(reservationId, state);
      const events = doorFailureDecider.decide({ type: 'ReportDoorFailure', userId: input.userId, reportId, now: ctx.now }, state);
      const answer: Recorded = { state, reportId, recorded: events.length > 0, position: null };
      if (events.length === 0 || state.reservation.status === 'none') return { answer };
      const doorStates = doorStatesStreamId(state.reservation.hubId);
      return {
        append: [{ streamId: doorStates, events, expectedVersion: 'any', eventIds: [reportId] }],
        written: (appended) => ({ ...answer, position: appended?.of(doorStates).position ?? null }),
      };
    },
  });
  const { state, reportId } = recorded;
  if (state.reservation.status === 'none') throw new Error('unreachable: the decider refuses a missing reservation');
  const size = state.reservation.lockerSize;
  const hubId = state.reservation.hubId;

  // A move already answered this report (a retry): the same locker, and the code in force.
  if (!recorded.recorded) return answerFromMove(deps, reservationId, size, ctx);

  const jammed = openingToReport(state)!;
  const relocated = await relocateOffJammedLocker(deps, { reservationId, hubId, lockerId: jammed.lockerId, reportId }, ctx);
  if (relocated.moved) return answerFromMove(deps, reservationId, size, ctx, relocated.position);
  return { outcome: 'none_free', message: DoorFailureMessages.noneFree(size), size, moved: null, position: relocated.position ?? recorded.position };
}

/**
 * Steps (2) and (3) for a jam already recorded (the renter's report here; a controller's jammed
 * door could call the same): the reservation moves off the jammed locker with a fresh code if a
 * locker of its size is free, then the locker goes out of service. Safe to repeat.
 */
export async function relocateOffJammedLocker(
  deps: CommandDeps,
  jam: { reservationId: string; hubId: string; lockerId: string; reportId: string },
  ctx: CommandContext,
): Promise<{ moved: boolean; position: GlobalPosition | null }> {
  const { reservationId, hubId, lockerId, reportId } = jam;
  // (2) The renter first: the next code of the rotation goes in the move's own append.
  const outcome = await moveReservation(deps, { hubId, lockerId }, reservationId, ctx, (reservation, hub, fromDays, toDays, request) => {
    const codeHash = hashAccessCode(deps.codeSecret, reservationId, rotatedAccessCode(deps.codeSecret, reservationId, request.codesIssued));
    return decideRelocation(reservation, hub, fromDays, toDays, { toLockerId: request.toLockerId, reportId, codeHash, now: request.now });
  });

  // (3) Out of service, whatever the move's outcome; its other bookings move too.
  const deactivation = await takeLockerOutOfService(deps, { hubId, lockerId, reason: DEACTIVATION_REASON }, ctx);

  if (typeof outcome === 'object' && 'moved' in outcome) {
    // The fresh code lives its full period: the rotation restarts from it.
    await startRotation(deps.queue, reservationId).catch((err: unknown) => deps.log.warn({ err, reservationId }, 'could not restart code rotation'));
    return { moved: true, position: outcome.position ?? deactivation.position };
  }
  // 'not_here': moved meanwhile by a concurrent report of the same opening; answer as it did.
  const again = outcome === 'not_here' ? await readReservation(deps, reservationId) : null;
  const movedMeanwhile = again !== null && again.state.status !== 'none' && again.state.lockerId !== lockerId;
  return { moved: movedMeanwhile, position: deactivation.position };
}

/** The reservation where its move left it, and its code in force (the move's, while it lives). */
async function answerFromMove(
  deps: CommandDeps,
  reservationId: string,
  size: LockerSize,
  ctx: CommandContext,
  position: GlobalPosition | null = null,
): Promise<DoorFailureResult> {
  const current = await currentAccessCode(deps, reservationId, { ...ctx, idempotencyKey: undefined });
  const { state } = current;
  if (state.status === 'none' || !current.code || !current.expiresAt) {
    return { outcome: 'none_free', message: DoorFailureMessages.noneFree(size), size, moved: null, position };
  }
  const read = await readReservation(deps, reservationId);
  const move = read.log.findLast((e) => e.event.type === 'ReservationMoved')?.event;
  const orderNumber = move?.type === 'ReservationMoved' ? move.data.toLockerOrderNumber : 0;
  return {
    outcome: 'moved',
    message: DoorFailureMessages.moved(orderNumber),
    size,
    moved: { lockerId: state.lockerId, orderNumber, code: current.code, expiresAt: current.expiresAt },
    position: position ?? read.position,
  };
}
