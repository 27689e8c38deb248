import type { ReservationCommand } from '../../domain/reservations/reservation-decide.js';
import { reservationDecider } from '../../domain/reservations/reservation-decide.js';
import { releaseEvents } from '../../domain/reservations/booking.js';
import type { ReservationEvent, ReservationState } from '../../domain/reservations/reservation-events.js';
import { reservationStreamId } from '../../domain/reservations/reservation-events.js';
import { scheduleStreamId } from '../../domain/schedule/locker-schedule.js';
import type { CommandContext } from '../../infra/eventstore/command-handler.js';
import { backoff, loadState, toNewEvents } from '../../infra/eventstore/command-handler.js';
import type { AppendResult } from '../../infra/eventstore/port.js';
import { WrongExpectedVersionError } from '../../infra/eventstore/port.js';
import { generateAccessCode, hashAccessCode } from './access-code.js';
import type { CommandDeps } from './deps.js';
import { EXPIRE_JOB } from './deps.js';

export interface ReservationCommandResult {
  state: ReservationState;
  events: ReservationEvent[];
  position: AppendResult['position'] | null;
}

/**
 * Runs a reservation command. Ending a reservation early (finalize, cancel) also frees its
 * locker: the release goes to the day schedules in the same atomic append.
 */
export async function runReservationCommand(
  deps: Pick<CommandDeps, 'store'>,
  reservationId: string,
  build: (state: ReservationState) => ReservationCommand,
  ctx: CommandContext,
): Promise<ReservationCommandResult> {
  const streamId = reservationStreamId(reservationId);
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await loadState(deps.store, streamId, reservationDecider);
    const events = reservationDecider.decide(build(state), state);
    const next = events.reduce(reservationDecider.evolve, state);
    if (events.length === 0) return { state: next, events, position: null };
    const frees = events.some((e) => e.type === 'ReservationFinalized' || e.type === 'ReservationCancelled');
    const releases =
      frees && next.status !== 'none'
        ? releaseEvents(next).map((r) => ({ streamId: scheduleStreamId(next.lockerId, r.period), events: r.events }))
        : [];
    try {
      const results = await deps.store.appendMany([
        { streamId, events: toNewEvents(events, ctx), expectedVersion: version },
        ...releases.map((r) => ({ streamId: r.streamId, events: toNewEvents(r.events, ctx), expectedVersion: 'any' as const })),
      ]);
      return { state: next, events, position: results[0]!.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= 10) throw error;
      await backoff(attempt);
    }
  }
}

export async function issueFreshCode(deps: Pick<CommandDeps, 'store' | 'codeSecret'>, reservationId: string, ctx: CommandContext) {
  const code = generateAccessCode();
  const codeHash = hashAccessCode(deps.codeSecret, reservationId, code);
  const result = await runReservationCommand(deps, reservationId, () => ({ type: 'IssueAccessCode', codeHash, now: ctx.now }), ctx);
  const expiresAt = result.state.status === 'none' ? null : result.state.code?.expiresAt ?? null;
  return { ...result, code, expiresAt };
}

export async function expireReservation(deps: Pick<CommandDeps, 'store'>, reservationId: string, ctx: CommandContext) {
  return runReservationCommand(deps, reservationId, () => ({ type: 'ExpireReservation', now: ctx.now }), ctx);
}

/** Once a reservation is closed its expiry job has nothing left to do. */
export async function cancelExpiryJob(deps: Pick<CommandDeps, 'queue' | 'log'>, reservationId: string) {
  await deps.queue.cancel(EXPIRE_JOB, reservationId).catch((err: unknown) => deps.log.warn({ err, reservationId }, 'could not cancel expiry job'));
}
