import { conflict } from '../shared/domain-error.js';
import { formatSaoPauloDateTime } from '../shared/sao-paulo-time.js';

// An unpaid booking holds its locker for the payment window (ADR 0005); without a limit one
// account could hold a Hub's whole size by holding, cancelling or letting the window close, and
// holding again at once. ADR 0016: a renter holds at most one unpaid reservation at a time, and
// after more than a couple of holds dropped unpaid in a day waits before holding again, longer with
// each further drop. Pure: the renter's stream (renter-reservations.ts) supplies the facts.

export const UNPAID_HOLD_RULE = {
  /** Unpaid reservations one renter may hold at once, unless the operator says otherwise. */
  atOnce: 1,
  /** Holds dropped unpaid (cancelled, ended early or expired) in `memoryMs` that cost nothing. */
  freeDrops: 2,
  memoryMs: 24 * 3_600_000,
  /** The wait after the first drop beyond the free ones; it doubles with each further one. */
  firstCoolDownMs: 30 * 60_000,
  maxCoolDownMs: 24 * 3_600_000,
  /** Drops a renter's state keeps: enough to reach the longest wait. */
  keptDrops: 10,
} as const;

export const UnpaidHoldMessages = {
  pending: 'Você tem uma reserva aguardando pagamento. Pague ou cancele antes de reservar outro locker.',
  coolDown: (untilMs: number) =>
    `Você cancelou ou deixou expirar reservas não pagas recentemente. Tente novamente a partir de ${formatSaoPauloDateTime(untilMs)}.`,
} as const;

const MINUTE = 60_000;

/**
 * Until when a renter who dropped unpaid holds at these times must wait before holding again, or
 * null. It never moves later without a new drop (older drops only leave the count), so the time
 * the refusal names is one the renter can trust; rounded up to the minute it shows.
 */
export function coolDownUntil(dropTimes: readonly number[], nowMs: number): number | null {
  const { freeDrops, memoryMs, firstCoolDownMs, maxCoolDownMs } = UNPAID_HOLD_RULE;
  const recent = dropTimes.filter((t) => t > nowMs - memoryMs);
  const beyond = recent.length - freeDrops;
  if (beyond <= 0) return null;
  const wait = Math.min(firstCoolDownMs * 2 ** (beyond - 1), maxCoolDownMs);
  const until = Math.ceil((Math.max(...recent) + wait) / MINUTE) * MINUTE;
  return until > nowMs ? until : null;
}

/** Refuses one more unpaid hold: `atOnce` already wait for payment, or the renter must wait. */
export function checkUnpaidHold(renter: { unpaidNow: number; dropTimes: readonly number[] }, nowMs: number, atOnce: number = UNPAID_HOLD_RULE.atOnce): void {
  if (renter.unpaidNow >= atOnce) throw conflict('unpaid_hold_pending', UnpaidHoldMessages.pending);
  const until = coolDownUntil(renter.dropTimes, nowMs);
  if (until !== null) throw conflict('unpaid_hold_cooldown', UnpaidHoldMessages.coolDown(until));
}
