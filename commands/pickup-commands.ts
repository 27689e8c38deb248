import { createHmac, randomInt } from 'node:crypto';
import type { ReservationState } from '../domain/reservations/reservation-events.js';
import type { CommandContext } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { runReservationCommand } from './reservation-commands.js';

// The pickup commands (docs/logistics-api.md). Each is one reservation command: a claim raced by
// several staff is decided against the stream's expected version, so exactly one wins and the
// others decide again on the fresh stream and are refused with `already_claimed`.

/** Pickup codes are made here, at the edge, with a CSPRNG; the log keeps only the keyed hash. */
export const generatePickupCode = (): string => String(randomInt(100_000, 1_000_000));

export const hashPickupCode = (secret: string, reservationId: string, code: string): string =>
  createHmac('sha256', secret).update(`pickup:${reservationId}:${code}`).digest('hex');

type Deps = Pick<CommandDeps, 'store' | 'bookingCache'>;

export function leaveForPickup(deps: Deps, reservationId: string, ctx: CommandContext) {
  return runReservationCommand(deps, reservationId, () => ({ type: 'LeaveForPickup', now: ctx.now }), ctx);
}

export function claimPickup(deps: Deps, reservationId: string, userId: string, ctx: CommandContext) {
  return runReservationCommand(deps, reservationId, () => ({ type: 'ClaimPickup', userId, now: ctx.now }), ctx);
}

/** Completing frees the locker: runReservationCommand releases its day schedules in the same append. */
export function completePickup(deps: Deps, reservationId: string, who: { userId: string; asAdmin: boolean }, ctx: CommandContext) {
  return runReservationCommand(deps, reservationId, () => ({ type: 'CompletePickup', ...who, now: ctx.now }), ctx);
}

/** A new pickup code for the caller (claiming the item if nobody has); it replaces any earlier one. */
export async function issuePickupCode(deps: Deps & Pick<CommandDeps, 'codeSecret'>, reservationId: string, userId: string, ctx: CommandContext) {
  const code = generatePickupCode();
  const codeHash = hashPickupCode(deps.codeSecret, reservationId, code);
  const result = await runReservationCommand(deps, reservationId, () => ({ type: 'IssuePickupCode', userId, codeHash, now: ctx.now }), ctx);
  const issued = result.events.find((e) => e.type === 'PickupCodeIssued');
  if (issued?.type !== 'PickupCodeIssued') throw new Error('issuePickupCode: no code was issued');
  return { ...result, code, issuedAt: issued.data.issuedAt, expiresAt: issued.data.expiresAt };
}

/** Who holds the claim now, for the 409 naming them. */
export const claimerOf = (state: ReservationState) => (state.status === 'none' ? null : state.claimedBy);
