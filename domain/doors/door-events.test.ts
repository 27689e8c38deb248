import { describe, expect, it } from 'vitest';
import { PICKUP_CODE_TTL_MS } from '../reservations/pickup-decide.js';
import { ACCESS_CODE_TTL_MS } from '../reservations/reservation-decide.js';
import { decideAttempt, FAILURE_WINDOW_MS, retryAfterSeconds } from './door-decide.js';
import type { DoorEvent } from './door-events.js';
import { ANSWER_MEMORY_MS, answerOf, evolveDoor, initialDoorState, mergeDoorStates, REFUSAL_MEMORY_MS } from './door-events.js';

const T0 = Date.parse('2026-11-27T00:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const refused = (requestId: string, ms: number): DoorEvent => ({
  type: 'DoorCodeRefused',
  data: { hubId: 'H', requestId, reason: 'invalid_code', at: at(ms) },
});
const opened = (requestId: string, ms: number): DoorEvent => ({
  type: 'DoorOpened',
  data: { reservationId: 'r', hubId: 'H', lockerId: 'l', lockerOrder: 1, requestId, codeKind: 'access', at: at(ms) },
});

describe('issue 24 item 2: the door state is bounded to what the rules need', () => {
  it('remembers refusals longer than the rate window and than any code lives, with a minute to spare for clocks', () => {
    expect(REFUSAL_MEMORY_MS).toBeGreaterThanOrEqual(Math.max(FAILURE_WINDOW_MS, ACCESS_CODE_TTL_MS, PICKUP_CODE_TTL_MS) + 60_000);
    expect(ANSWER_MEMORY_MS).toBeGreaterThanOrEqual(2 * Math.max(ACCESS_CODE_TTL_MS, PICKUP_CODE_TTL_MS));
  });

  it('given a whole day of attempts, keeps only the last minutes of them, and decides as if it held them all', () => {
    // One attempt every 7 s (under the rate limit) for a whole day: 12,343 events, every 100th an opening.
    const STEP = 7000;
    const N = Math.floor(86_400_000 / STEP);
    let state = initialDoorState();
    const all: DoorEvent[] = [];
    for (let i = 0; i < N; i++) {
      const event = i % 100 === 0 ? opened(`q${i}`, i * STEP) : refused(`q${i}`, i * STEP);
      all.push(event);
      state = evolveDoor(state, event);
    }
    const nowMs = T0 + N * STEP;
    expect(state.answers.size).toBeLessThanOrEqual(ANSWER_MEMORY_MS / STEP + 1);
    expect(state.refusals.length).toBeLessThanOrEqual(REFUSAL_MEMORY_MS / STEP + 1);
    // The retry of a recent request gets its answer; the limits count the same recent refusals.
    expect(answerOf(state, 'q12300')).toEqual({ kind: 'opened', reservationId: 'r', lockerId: 'l', lockerOrder: 1, codeKind: 'access' });
    expect(answerOf(state, `q${N - 1}`)).toEqual({ kind: 'refused', reason: 'invalid_code' });
    expect(retryAfterSeconds(state, nowMs)).toBe(
      retryAfterSeconds(
        { ...state, refusals: all.flatMap((e) => (e.type === 'DoorCodeRefused' ? [{ atMs: Date.parse(e.data.at), reason: e.data.reason }] : [])) },
        nowMs,
      ),
    );
    const live = { reservationId: 'r2', codeKind: 'access' as const, issuedAt: new Date(nowMs - 250_000).toISOString() };
    const attempt = { type: 'AttemptDoorCode' as const, hubId: 'H', requestId: 'new', at: new Date(nowMs).toISOString(), match: null, liveCodes: [live] };
    // Dozens of wrong codes since that code was issued: the next one invalidates it, as before.
    expect(decideAttempt(state, attempt).events.map((e) => e.type)).toEqual(['DoorCodeRefused', 'CodeInvalidated']);
    // A request answered long ago is no longer remembered (its code could not open now anyway).
    expect(answerOf(state, 'q0')).toBeUndefined();
  });

  it("merges yesterday's state with today's near midnight", () => {
    const yesterday = [refused('a', -5000), opened('b', -4000)].reduce(evolveDoor, initialDoorState());
    const today = [refused('c', 1000)].reduce(evolveDoor, initialDoorState());
    const both = mergeDoorStates(yesterday, today);
    expect(answerOf(both, 'b')?.kind).toBe('opened');
    expect(answerOf(both, 'c')?.kind).toBe('refused');
    expect(both.refusals.map((r) => r.atMs)).toEqual([T0 - 5000, T0 + 1000]);
  });
});
