import { describe, expect, it } from 'vitest';
import { codeKeyOf, deriveCode } from './code-derivation.js';
import type { OfflineEntry, OfflineKeypad } from './offline-rule.js';
import { decideOffline, initialKeypad, LOCKOUT_AFTER_FAILURES, OFFLINE_DRIFT_MS, plausibleIndices } from './offline-rule.js';

// Given a manifest's entries and a keypad's state, when a code is typed at the controller's now,
// then it opens (which entry, which index) or is refused, and the keypad's state moves on.

const H = 3_600_000;
const ROT = 300_000;
const T0 = Date.parse('2026-11-28T10:00:00.000Z');
const key = (id: string) => codeKeyOf('secret-secret-secret-secret-secret!!', id);

const access = (over: Partial<OfflineEntry> = {}): OfflineEntry => ({
  reservationId: 'r-access',
  kind: 'access',
  lockerOrder: 3,
  opensFromMs: T0 - H,
  opensUntilMs: T0 + 20 * H,
  codeKey: key('r-access'),
  nextIndex: 4,
  latestIssuedAtMs: T0,
  rotationMs: ROT,
  ...over,
});
const pickup = (over: Partial<OfflineEntry> = {}): OfflineEntry => ({
  ...access(),
  reservationId: 'r-pickup',
  kind: 'pickup',
  lockerOrder: 5,
  codeKey: key('r-pickup'),
  nextIndex: 1,
  latestIssuedAtMs: T0 - H,
  ...over,
});

const codeOf = (entry: OfflineEntry, n: number) => deriveCode(entry.codeKey, entry.kind, n);
const type = (keypad: OfflineKeypad, entries: OfflineEntry[], code: string, nowMs: number, lockerOrder: number | null = null) =>
  decideOffline(keypad, entries, { code, nowMs, lockerOrder });

describe('the offline rule (ADR 0025)', () => {
  it('opens with the live code, and with the code the rotation reached hours later', () => {
    const entry = access();
    expect(type(initialKeypad(), [entry], codeOf(entry, 3), T0 + 1000).decision).toMatchObject({ outcome: 'opened', index: 3 });
    // 10 h later the server has rotated 120 times: code 123 is the renter's.
    const later = T0 + 10 * H;
    expect(type(initialKeypad(), [entry], codeOf(entry, 123), later).decision).toMatchObject({ outcome: 'opened', index: 123 });
    // The code live at the sync is long gone by then.
    expect(type(initialKeypad(), [entry], codeOf(entry, 3), later).decision).toEqual({ outcome: 'refused' });
  });

  it('accepts one index behind and two ahead of the expected one, never below the live one', () => {
    expect(plausibleIndices(access(), T0 + 1000)).toEqual([3, 4, 5]);
    expect(plausibleIndices(access(), T0 + 10 * ROT + 1000)).toEqual([12, 13, 14, 15]);
    // No code yet: the first comes from the window's start.
    expect(plausibleIndices(access({ nextIndex: 0, latestIssuedAtMs: null, opensFromMs: T0 }), T0 + 1000)).toEqual([0, 1, 2]);
  });

  it('refuses outside the window, beyond the drift allowance', () => {
    const entry = access({ opensFromMs: T0 + H, opensUntilMs: T0 + 2 * H, nextIndex: 0, latestIssuedAtMs: null });
    expect(type(initialKeypad(), [entry], codeOf(entry, 0), T0 + H - OFFLINE_DRIFT_MS - 1).decision.outcome).toBe('refused');
    expect(type(initialKeypad(), [entry], codeOf(entry, 0), T0 + H - OFFLINE_DRIFT_MS + 1).decision.outcome).toBe('opened');
    expect(type(initialKeypad(), [entry], codeOf(entry, 12), T0 + 2 * H + OFFLINE_DRIFT_MS).decision.outcome).toBe('refused');
  });

  it('refuses a code typed at another door’s keypad, and a wrong code', () => {
    const entry = access();
    expect(type(initialKeypad(), [entry], codeOf(entry, 3), T0, 4).decision.outcome).toBe('refused');
    expect(type(initialKeypad(), [entry], codeOf(entry, 3), T0, 3).decision.outcome).toBe('opened');
    const wrong = codeOf(entry, 3) === '123456' ? '654321' : '123456';
    expect(type(initialKeypad(), [entry], wrong, T0).decision.outcome).toBe('refused');
  });

  it('opens a pickup code once', () => {
    const entry = pickup();
    const first = type(initialKeypad(), [entry], codeOf(entry, 0), T0);
    expect(first.decision).toMatchObject({ outcome: 'opened', index: 0 });
    expect(type(first.keypad, [entry], codeOf(entry, 0), T0 + 1000).decision.outcome).toBe('refused');
    // A new pickup code asked for while the Hub was offline still opens.
    expect(type(first.keypad, [entry], codeOf(entry, 1), T0 + 2000).decision.outcome).toBe('opened');
  });

  it('locks the keypad after 5 wrong codes in a row for 1 min, doubling, and a right code resets it', () => {
    const entry = access();
    const wrong = codeOf(entry, 3) === '111111' ? '222222' : '111111';
    let keypad = initialKeypad();
    for (let i = 0; i < LOCKOUT_AFTER_FAILURES; i++) keypad = type(keypad, [entry], wrong, T0).keypad;
    expect(keypad.lockedUntilMs).toBe(T0 + 60_000);
    // Locked: even the right code is refused until then.
    expect(type(keypad, [entry], codeOf(entry, 3), T0 + 59_000).decision).toEqual({ outcome: 'locked_out', untilMs: T0 + 60_000 });
    for (let i = 0; i < LOCKOUT_AFTER_FAILURES; i++) keypad = type(keypad, [entry], wrong, T0 + 60_000).keypad;
    expect(keypad.lockedUntilMs).toBe(T0 + 60_000 + 120_000);
    const right = type(keypad, [entry], codeOf(entry, 3), T0 + 180_000);
    expect(right.decision.outcome).toBe('opened');
    expect(right.keypad).toMatchObject({ failures: 0, lockouts: 0, lockedUntilMs: 0 });
  });

  it('never locks for more than an hour', () => {
    const entry = access();
    let keypad: OfflineKeypad = { ...initialKeypad(), lockouts: 20 };
    for (let i = 0; i < LOCKOUT_AFTER_FAILURES; i++) keypad = type(keypad, [entry], 'abc', T0).keypad;
    expect(keypad.lockedUntilMs).toBe(T0 + H);
  });
});
