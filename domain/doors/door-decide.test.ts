import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec.js';
import type { AttemptDoorCode, DoorDecisionEvent } from './door-decide.js';
import { decideAttempt, doorDecider, retryAfterSeconds } from './door-decide.js';
import type { DoorEvent } from './door-events.js';
import { answerOf, doorStreamId, evolveDoor, initialDoorState } from './door-events.js';

const spec = specFor(doorDecider);
const HUB = 'HUB-1';
const T0 = Date.parse('2026-11-25T10:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
const match = { reservationId: 'r1', lockerId: 'l1', lockerOrder: 3, codeKind: 'access' as const };
const live = { reservationId: 'r1', codeKind: 'access' as const, issuedAt: at(0) };

const attempt = (requestId: string, seconds: number, extra: Partial<AttemptDoorCode> = {}): AttemptDoorCode => ({
  type: 'AttemptDoorCode',
  hubId: HUB,
  requestId,
  at: at(seconds),
  match: null,
  liveCodes: [live],
  ...extra,
});
const refused = (requestId: string, seconds: number, reason: 'invalid_code' | 'rate_limited' = 'invalid_code'): DoorEvent => ({
  type: 'DoorCodeRefused',
  data: { hubId: HUB, requestId, reason, at: at(seconds) },
});
const refusals = (n: number, fromSecond: number) => Array.from({ length: n }, (_, i) => refused(`w${i}`, fromSecond + i));

describe('door attempts', () => {
  it('given nothing, when a live code matches, then the door opens on the door stream', () => {
    spec([])
      .when(attempt('q1', 5, { match }))
      .then([{ type: 'DoorOpened', data: { ...match, hubId: HUB, requestId: 'q1', at: at(5) } }]);
  });

  it('given an answered request_id, when it is retried (even with another code), then nothing happens and the first answer comes back', () => {
    const opened: DoorDecisionEvent = { type: 'DoorOpened', data: { ...match, hubId: HUB, requestId: 'q1', at: at(5) } };
    spec([opened])
      .when(attempt('q1', 9, { match: null }))
      .then([]);
    const state = evolveDoor(initialDoorState(), opened);
    expect(decideAttempt(state, attempt('q1', 9)).outcome).toEqual({ kind: 'opened', ...match });
  });

  it('given a refused request_id, when it is retried with the right code, then the refusal stands', () => {
    const state = evolveDoor(initialDoorState(), refused('q1', 5));
    expect(decideAttempt(state, attempt('q1', 6, { match }))).toEqual({ events: [], outcome: { kind: 'refused', reason: 'invalid_code' } });
  });

  it('given four wrong codes since the live code was issued, when a fifth comes, then that code is invalidated', () => {
    spec(refusals(4, 1))
      .when(attempt('q5', 10))
      .then([refused('q5', 10), { type: 'CodeInvalidated', data: { reservationId: 'r1', codeKind: 'access', reason: 'too_many_failures', at: at(10) } }]);
  });

  it('given four wrong codes before the live code was issued, when a fifth comes, then only the refusal is recorded', () => {
    const later = { ...live, issuedAt: at(30) };
    spec(refusals(4, 1))
      .when(attempt('q5', 40, { liveCodes: [later] }))
      .then([refused('q5', 40)]);
  });

  it('given ten refusals within a minute, when an eleventh attempt comes (even a right code), then 429 until the oldest leaves the window', () => {
    const given = refusals(10, 1); // seconds 1..10
    spec(given)
      .when(attempt('q11', 20, { match }))
      .then([refused('q11', 20, 'rate_limited')]);
    const state = given.reduce(evolveDoor, initialDoorState());
    expect(decideAttempt(state, attempt('q11', 20, { match })).outcome).toEqual({ kind: 'rate_limited', retryAfterSeconds: 41 });
  });

  it('given ten refusals over a minute ago, when a code matches, then the door opens', () => {
    spec(refusals(10, 1))
      .when(attempt('q11', 75, { match, liveCodes: [] }))
      .then([{ type: 'DoorOpened', data: { ...match, hubId: HUB, requestId: 'q11', at: at(75) } }]);
  });

  it('rate-limited attempts neither answer a request_id nor count toward the limit', () => {
    const state = [...refusals(9, 1), refused('x', 12, 'rate_limited'), refused('y', 13, 'rate_limited')].reduce(evolveDoor, initialDoorState());
    expect(retryAfterSeconds(state, T0 + 14_000)).toBeNull();
    expect(answerOf(state, 'x')).toBeUndefined();
  });

  it('names the door stream by the Hub and the UTC day', () => {
    expect(doorStreamId('LK-1', new Date('2026-11-25T23:59:59-03:00'))).toBe('hub-doors-LK-1-2026-11-26');
  });
});
