import type { DomainEvent } from '../shared/decider.js';

// The Hub's door stream: one per Hub per UTC day, holding every authenticated attempt at its
// keypad. It is what makes a request_id answer once and what the failure limits count.

export type DoorCodeKind = 'access' | 'pickup';
export type DoorRefusalReason = 'invalid_code' | 'rate_limited';

export interface DoorOpenedData {
  reservationId: string;
  hubId: string;
  lockerId: string;
  lockerOrder: number;
  requestId: string;
  codeKind: DoorCodeKind;
  at: string;
  /** Decided by the controller from its manifest while Hub was unreachable, uploaded later (ADR 0025). */
  offline?: boolean;
  /** Offline only: which of the reservation's codes opened (its index), never the code. */
  codeIndex?: number;
}

export interface DoorCodeRefusedData {
  hubId: string;
  requestId: string;
  /** Offline, `rate_limited` is the keypad's own lockout (ADR 0025). */
  reason: DoorRefusalReason;
  at: string;
  /** Decided by the controller while Hub was unreachable, uploaded later (ADR 0025). */
  offline?: boolean;
  /** Offline only, when the keypad is a door's own: the door it was typed at. */
  lockerId?: string;
  lockerOrder?: number;
}

export type DoorEvent = DomainEvent<'DoorOpened', DoorOpenedData> | DomainEvent<'DoorCodeRefused', DoorCodeRefusedData>;

/** What a request_id was answered; a rate-limited attempt is not an answer (it is asked again). */
export type DoorAnswer =
  { kind: 'opened'; reservationId: string; lockerId: string; lockerOrder: number; codeKind: DoorCodeKind } | { kind: 'refused'; reason: 'invalid_code' };

/**
 * What the rules need of a door stream, and no more, so that folding it costs the same whatever
 * the day's count: request_id answers for ANSWER_MEMORY_MS (a controller's retries), refusals for
 * REFUSAL_MEMORY_MS (the rate window and the wrong codes a live code has seen), both measured back
 * from the newest attempt.
 */
export interface DoorState {
  /** request_id → its answer and when it was given, oldest first. */
  answers: ReadonlyMap<string, { answer: DoorAnswer; atMs: number }>;
  /** Refused attempts, oldest first (epoch ms), for the failure limits. */
  refusals: readonly { atMs: number; reason: DoorRefusalReason }[];
  /** The newest attempt's time (epoch ms): what the memories are measured back from. */
  latestMs: number;
}

/**
 * How long a request_id keeps its first answer. A retry comes within seconds; ten minutes is
 * twice a code's life, so a retry later than that could not open with its code anyway.
 */
export const ANSWER_MEMORY_MS = 10 * 60_000;
/**
 * How long refusals are kept: longer than the rate window (60 s) and than any code lives (300 s,
 * so every wrong code since a live code was issued is there), plus a minute for clocks that differ
 * between processes. door-events.test.ts checks it against those figures.
 */
export const REFUSAL_MEMORY_MS = 6 * 60_000;

export const initialDoorState = (): DoorState => ({ answers: new Map(), refusals: [], latestMs: 0 });

/** `hub-doors-{hubId}-{YYYY-MM-DD}`, the UTC day of the attempt. */
export const doorStreamId = (hubId: string, at: Date) => `hub-doors-${hubId}-${at.toISOString().slice(0, 10)}`;

/** The first answer a request_id got, while it is remembered. */
export const answerOf = (state: DoorState, requestId: string): DoorAnswer | undefined => state.answers.get(requestId)?.answer;

function withAnswer(state: DoorState, requestId: string, answer: DoorAnswer, atMs: number, latestMs: number) {
  const answers = new Map(state.answers);
  // Oldest first: drop what has passed its memory (entries are in attempt order).
  for (const [id, entry] of answers) {
    if (entry.atMs >= latestMs - ANSWER_MEMORY_MS) break;
    answers.delete(id);
  }
  answers.set(requestId, { answer, atMs });
  return answers;
}

function withRefusal(state: DoorState, refusal: { atMs: number; reason: DoorRefusalReason }, latestMs: number) {
  const from = state.refusals.findIndex((r) => r.atMs >= latestMs - REFUSAL_MEMORY_MS);
  return [...(from === -1 ? [] : state.refusals.slice(from)), refusal];
}

export function evolveDoor(state: DoorState, event: DomainEvent): DoorState {
  // Attempts the controller decided offline are history, not answers to give or failures to count
  // online: they happened under the keypad's own lockout (ADR 0025) and arrive hours late.
  if ((event.data as { offline?: boolean } | null)?.offline === true) return state;
  if (event.type === 'DoorOpened') {
    const d = event.data as DoorOpenedData;
    const atMs = Date.parse(d.at);
    const latestMs = Math.max(state.latestMs, atMs);
    const answer: DoorAnswer = { kind: 'opened', reservationId: d.reservationId, lockerId: d.lockerId, lockerOrder: d.lockerOrder, codeKind: d.codeKind };
    return { ...state, answers: withAnswer(state, d.requestId, answer, atMs, latestMs), latestMs };
  }
  if (event.type === 'DoorCodeRefused') {
    const d = event.data as DoorCodeRefusedData;
    const atMs = Date.parse(d.at);
    const latestMs = Math.max(state.latestMs, atMs);
    const refusals = withRefusal(state, { atMs, reason: d.reason }, latestMs);
    if (d.reason === 'rate_limited') return { ...state, refusals, latestMs };
    return { answers: withAnswer(state, d.requestId, { kind: 'refused', reason: 'invalid_code' }, atMs, latestMs), refusals, latestMs };
  }
  return state;
}

/**
 * Yesterday's door state with today's (a retry or a refusal just before midnight still counts in
 * the first minutes of the new day).
 */
export function mergeDoorStates(earlier: DoorState, later: DoorState): DoorState {
  return {
    answers: new Map([...earlier.answers, ...later.answers]),
    refusals: [...earlier.refusals, ...later.refusals],
    latestMs: Math.max(earlier.latestMs, later.latestMs),
  };
}
