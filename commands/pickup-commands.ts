import { createHmac } from 'node:crypto';
import { reservationCode } from '../domain/doors/code-derivation.js';
import type { ReservationState } from '../domain/reservations/reservation-events.js';
import type { CommandContext } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { issuedBefore, runReservationCommand } from './reservation-commands.js';

// The pickup commands (docs/logistics-api.md). Each is one reservation command: a claim raced by
// several staff is decided against the stream's expected version, so exactly one wins and the
// others decide again on the fresh stream and are refused with `already_claimed`.

/**
 * The n-th pickup code of a reservation (n = PickupCodeIssued before it), derived as access codes
 * are (ADR 0025), so the Hub's controller knows it in advance; the log keeps only the keyed hash.
 */
export const pickupCodeAt = (secret: string, reservationId: string, n: number): string => reservationCode(secret, reservationId, 'pickup', n);

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
  const made = { code: '' };
  const result = await runReservationCommand(
    deps,
    reservationId,
    (_state, stored) => {
      made.code = pickupCodeAt(deps.codeSecret, reservationId, issuedBefore(stored, 'PickupCodeIssued'));
      return { type: 'IssuePickupCode', userId, codeHash: hashPickupCode(deps.codeSecret, reservationId, made.code), now: ctx.now };
    },
    ctx,
  );
  const code = made.code;
  const issued = result.events.find((e) => e.type === 'PickupCodeIssued');
  if (issued?.type !== 'PickupCodeIssued') throw new Error('issuePickupCode: no code was issued');
  return { ...result, code, issuedAt: issued.data.issuedAt, expiresAt: issued.data.expiresAt };
}

/** Who holds the claim now, for the 409 naming them. */
export const claimerOf = (state: ReservationState) => (state.status === 'none' ? null : state.claimedBy);
