import { deriveCode } from './code-derivation.js';
import type { DoorCodeKind } from './door-events.js';

// What a controller cut off from Hub decides when a code is typed (ADR 0025): the code must be one
// of the codes its signed manifest lets it derive, for an entry whose window holds the
// controller's now, at an index the time since the sync makes plausible; a pickup code opens
// once; wrong codes in a row lock the keypad for a while. Pure: time and state are passed in.

export interface OfflineEntry {
  reservationId: string;
  kind: DoorCodeKind;
  lockerOrder: number;
  opensFromMs: number;
  opensUntilMs: number;
  codeKey: Buffer;
  nextIndex: number;
  latestIssuedAtMs: number | null;
  rotationMs: number;
}

export interface OfflineKeypad {
  /** Wrong codes in a row since the last right one (or the last lockout). */
  failures: number;
  /** Lockouts in a row: each doubles the next. */
  lockouts: number;
  lockedUntilMs: number;
  /** `reservationId:index` of pickup codes that already opened. */
  usedPickups: readonly string[];
}

export type OfflineDecision = { outcome: 'opened'; entry: OfflineEntry; index: number } | { outcome: 'refused' } | { outcome: 'locked_out'; untilMs: number };

/** The controller's clock runs on its own between syncs: window edges get this much either way. */
export const OFFLINE_DRIFT_MS = 2 * 60_000;
/** Codes older than the expected one that still open (a rotation the server ran late)… */
export const INDEX_SLACK_BEHIND = 1;
/** …and newer (rotations run early, or the renter asked for a fresh code or two while the Hub was offline). */
export const INDEX_SLACK_AHEAD = 2;
/** Pickup codes do not rotate: the live one, or one of the next two a staff member may have asked for. */
export const PICKUP_SLACK_AHEAD = 2;
export const LOCKOUT_AFTER_FAILURES = 5;
export const LOCKOUT_FIRST_MS = 60_000;
export const LOCKOUT_MAX_MS = 60 * 60_000;

export const initialKeypad = (): OfflineKeypad => ({ failures: 0, lockouts: 0, lockedUntilMs: 0, usedPickups: [] });

/** The indices of an entry's codes that may open at nowMs (empty outside its window). */
export function plausibleIndices(entry: OfflineEntry, nowMs: number): number[] {
  if (nowMs < entry.opensFromMs - OFFLINE_DRIFT_MS || nowMs >= entry.opensUntilMs + OFFLINE_DRIFT_MS) return [];
  const live = Math.max(entry.nextIndex - 1, 0);
  if (entry.kind === 'pickup') return range(live, entry.nextIndex - 1 + PICKUP_SLACK_AHEAD);
  // The server rotates one index per rotation period from the live code's issue (or, with none
  // yet, from the window's start, when the first code can be issued).
  const since = entry.latestIssuedAtMs ?? entry.opensFromMs;
  const expected = live + Math.max(0, Math.floor((nowMs - since) / entry.rotationMs));
  return range(Math.max(live, expected - INDEX_SLACK_BEHIND), expected + INDEX_SLACK_AHEAD);
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

const lockoutMs = (lockouts: number) => Math.min(LOCKOUT_FIRST_MS * 2 ** lockouts, LOCKOUT_MAX_MS);

/**
 * Decides a typed code. `lockerOrder`: the door whose keypad it was typed at, when keypads are per
 * door (a code for another door is refused); null for one keypad for the whole Hub.
 */
export function decideOffline(
  keypad: OfflineKeypad,
  entries: readonly OfflineEntry[],
  input: { code: string; nowMs: number; lockerOrder: number | null },
): { decision: OfflineDecision; keypad: OfflineKeypad } {
  if (input.nowMs < keypad.lockedUntilMs) return { decision: { outcome: 'locked_out', untilMs: keypad.lockedUntilMs }, keypad };
  const found = /^\d{6}$/.test(input.code) ? findCode(keypad, entries, input) : null;
  if (found) {
    const usedPickups = found.entry.kind === 'pickup' ? [...keypad.usedPickups, `${found.entry.reservationId}:${found.index}`] : keypad.usedPickups;
    return { decision: { outcome: 'opened', ...found }, keypad: { failures: 0, lockouts: 0, lockedUntilMs: 0, usedPickups } };
  }
  const failures = keypad.failures + 1;
  if (failures < LOCKOUT_AFTER_FAILURES) return { decision: { outcome: 'refused' }, keypad: { ...keypad, failures } };
  const lockedUntilMs = input.nowMs + lockoutMs(keypad.lockouts);
  return { decision: { outcome: 'refused' }, keypad: { ...keypad, failures: 0, lockouts: keypad.lockouts + 1, lockedUntilMs } };
}

function findCode(keypad: OfflineKeypad, entries: readonly OfflineEntry[], input: { code: string; nowMs: number; lockerOrder: number | null }) {
  for (const entry of entries) {
    if (input.lockerOrder !== null && entry.lockerOrder !== input.lockerOrder) continue;
    for (const index of plausibleIndices(entry, input.nowMs)) {
      if (deriveCode(entry.codeKey, entry.kind, index) !== input.code) continue;
      if (entry.kind === 'pickup' && keypad.usedPickups.includes(`${entry.reservationId}:${index}`)) continue;
      return { entry, index };
    }
  }
  return null;
}
