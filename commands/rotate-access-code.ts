// Server-rotated access codes (issue 9): code_n = PRF(code_key, "access", n) (ADR 0025), n = the
// number of AccessCodeIssued before it. The stream keeps only the latest hash, so an older code
// stops opening as soon as a new one is issued.
import type { ReservationState } from '../domain/reservations/reservation-events.js';
import { hashAccessCode, rotatedAccessCode } from './access-code.js';
import type { CommandContext } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import type { TimedReservationEvent } from './reservation-commands.js';
import { issuedBefore, readReservation, runReservationCommand } from './reservation-commands.js';

type Deps = Pick<CommandDeps, 'store' | 'codeSecret'>;

export interface CurrentCode {
  state: ReservationState;
  code: string | null;
  expiresAt: string | null;
  /** A new code was appended by this call (the rotation should restart from now). */
  issued: boolean;
}

const issuedCount = (log: TimedReservationEvent[]) => log.filter((e) => e.event.type === 'AccessCodeIssued').length;

/**
 * Issue the next derived code (the rotation job, and a GET finding no derivable live code). Only
 * an active reservation gets one: the decider refuses the rest. n is counted on the stream the
 * append is decided on, so a code landing in between cannot put the index out of step.
 */
export async function rotateAccessCode(deps: Deps, reservationId: string, ctx: CommandContext): Promise<CurrentCode> {
  const made: { code: string; hash: string } = { code: '', hash: '' };
  // No idempotency key: each rotation is a new code, never a replay of an earlier request.
  const result = await runReservationCommand(
    deps,
    reservationId,
    (_state, stored) => {
      made.code = rotatedAccessCode(deps.codeSecret, reservationId, issuedBefore(stored, 'AccessCodeIssued'));
      made.hash = hashAccessCode(deps.codeSecret, reservationId, made.code);
      return { type: 'IssueAccessCode', codeHash: made.hash, now: ctx.now };
    },
    { ...ctx, idempotencyKey: undefined },
  );
  const live = result.state.status === 'none' ? null : result.state.code;
  const ours = live?.hash === made.hash;
  return { state: result.state, code: ours ? made.code : null, expiresAt: ours ? live.expiresAt : null, issued: result.events.length > 0 };
}

/**
 * The renter's current code: re-derived from the stream when the live hash is the latest
 * derived one; otherwise (none yet, expired, or a random code from POST/by-size) a new one.
 */
export async function currentAccessCode(deps: Deps, reservationId: string, ctx: CommandContext): Promise<CurrentCode> {
  const { state, log } = await readReservation(deps, reservationId);
  if (state.status !== 'active') return { state, code: null, expiresAt: null, issued: false };
  const n = issuedCount(log);
  if (state.code && n > 0 && Date.parse(state.code.expiresAt) > ctx.now.getTime()) {
    const candidate = rotatedAccessCode(deps.codeSecret, reservationId, n - 1);
    if (hashAccessCode(deps.codeSecret, reservationId, candidate) === state.code.hash) {
      return { state, code: candidate, expiresAt: state.code.expiresAt, issued: false };
    }
  }
  return rotateAccessCode(deps, reservationId, ctx);
}

export { canRepeat, DEFAULT_ROTATION_MS, ROTATE_JOB, rotationKey, rotationPeriodFromEnv, startRotation, stopRotation } from './code-rotation-schedule.js';
