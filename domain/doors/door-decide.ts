import type { Decider, DomainEvent } from '../shared/decider.js';
import type { DoorAnswer, DoorCodeKind, DoorEvent, DoorState } from './door-events.js';
import { answerOf, evolveDoor, initialDoorState } from './door-events.js';

// One attempt at a Hub's keypad, decided on the door stream. What the code matched (if anything)
// and which codes are live there are found by the caller from the reservation streams and passed
// in; this decides the answer, the refusal limits and which codes stop opening.

/** Wrong codes at a Hub, since a live code was issued, that invalidate it. */
export const MAX_WRONG_CODES = 5;
/** Refusals a minute a Hub may have; the next attempt gets 429 until one leaves the window. */
export const MAX_FAILURES_PER_MINUTE = 10;
export const FAILURE_WINDOW_MS = 60_000;

export interface LiveCode {
  reservationId: string;
  codeKind: DoorCodeKind;
  issuedAt: string;
}

export interface CodeMatch {
  reservationId: string;
  lockerId: string;
  lockerOrder: number;
  codeKind: DoorCodeKind;
}

export interface AttemptDoorCode {
  type: 'AttemptDoorCode';
  hubId: string;
  requestId: string;
  at: string;
  /** The live code the typed code is (confirmed on its reservation stream), or null. */
  match: CodeMatch | null;
  /** Every code that opens a door at this Hub right now. */
  liveCodes: LiveCode[];
}

/** On the reservation stream (contract: docs/logistics-api.md); never on the door stream. */
export type CodeInvalidated = DomainEvent<'CodeInvalidated', { reservationId: string; codeKind: DoorCodeKind; reason: 'too_many_failures'; at: string }>;

export type DoorDecisionEvent = DoorEvent | CodeInvalidated;

export type AttemptOutcome = DoorAnswer | { kind: 'rate_limited'; retryAfterSeconds: number };

/** Seconds until the oldest refusal in the window leaves it, or null when under the limit. */
export function retryAfterSeconds(state: DoorState, nowMs: number): number | null {
  const recent = state.refusals.filter((r) => r.reason !== 'rate_limited' && r.atMs > nowMs - FAILURE_WINDOW_MS && r.atMs <= nowMs);
  if (recent.length < MAX_FAILURES_PER_MINUTE) return null;
  const freedAt = recent[recent.length - MAX_FAILURES_PER_MINUTE]!.atMs + FAILURE_WINDOW_MS;
  return Math.max(1, Math.ceil((freedAt - nowMs) / 1000));
}

export function decideAttempt(state: DoorState, c: AttemptDoorCode): { events: DoorDecisionEvent[]; outcome: AttemptOutcome } {
  // A retried request_id gets its first answer and changes nothing.
  const answered = answerOf(state, c.requestId);
  if (answered) return { events: [], outcome: answered };
  const nowMs = Date.parse(c.at);
  const wait = retryAfterSeconds(state, nowMs);
  if (wait !== null) {
    return {
      events: [{ type: 'DoorCodeRefused', data: { hubId: c.hubId, requestId: c.requestId, reason: 'rate_limited', at: c.at } }],
      outcome: { kind: 'rate_limited', retryAfterSeconds: wait },
    };
  }
  if (c.match) {
    const m = c.match;
    return {
      events: [{ type: 'DoorOpened', data: { ...m, hubId: c.hubId, requestId: c.requestId, at: c.at } }],
      outcome: { kind: 'opened', ...m },
    };
  }
  const refused: DoorDecisionEvent = { type: 'DoorCodeRefused', data: { hubId: c.hubId, requestId: c.requestId, reason: 'invalid_code', at: c.at } };
  // This refusal included: a live code that has seen MAX_WRONG_CODES since it was issued stops.
  const wrongSince = (issuedMs: number) => 1 + state.refusals.filter((r) => r.reason === 'invalid_code' && r.atMs >= issuedMs && r.atMs <= nowMs).length;
  const invalidated: CodeInvalidated[] = c.liveCodes
    .filter((code) => wrongSince(Date.parse(code.issuedAt)) >= MAX_WRONG_CODES)
    .map((code) => ({
      type: 'CodeInvalidated',
      data: { reservationId: code.reservationId, codeKind: code.codeKind, reason: 'too_many_failures', at: c.at },
    }));
  return { events: [refused, ...invalidated], outcome: { kind: 'refused', reason: 'invalid_code' } };
}

/** The door stream as a decider (its state ignores CodeInvalidated, which goes elsewhere). */
export const doorDecider: Decider<AttemptDoorCode, DoorDecisionEvent, DoorState> = {
  decide: (command, state) => decideAttempt(state, command).events,
  evolve: evolveDoor,
  initialState: initialDoorState,
};
