import type { DomainEvent } from '../shared/decider.js';
import { codeOpens } from './code-window.js';
import type { CodeMatch, LiveCode } from './door-decide.js';
import type { DoorCodeKind } from './door-events.js';

// What a door needs from a reservation stream: its status, where it is, its window and the one
// current code of each kind. Exact by construction: a new code replaces the old one, an
// invalidation or the end of the reservation removes it, the status decides which kind may open
// at all, and the window when (code-window.ts).

interface IssuedCode {
  hash: string;
  issuedAt: string;
  expiresAt: string;
}

export interface ReservationCodes {
  status: 'none' | 'pending' | 'active' | 'awaiting_pickup' | 'ended';
  reservationId: string;
  lockerId: string;
  lockerOrder: number;
  startMs: number;
  endMs: number;
  access: IssuedCode | null;
  pickup: IssuedCode | null;
}

const none = (): ReservationCodes => ({ status: 'none', reservationId: '', lockerId: '', lockerOrder: 0, startMs: 0, endMs: 0, access: null, pickup: null });

type Data = Record<string, unknown>;
const str = (d: Data, key: string) => String(d[key]);

export function evolveReservationCodes(s: ReservationCodes, event: DomainEvent): ReservationCodes {
  const d = event.data as Data;
  switch (event.type) {
    case 'ReservationCreated':
      return {
        ...none(),
        status: 'pending',
        reservationId: str(d, 'reservationId'),
        lockerId: str(d, 'lockerId'),
        lockerOrder: Number(d.lockerOrderNumber),
        startMs: Date.parse(str(d, 'startTime')),
        endMs: Date.parse(str(d, 'endTime')),
      };
    case 'ReservationMoved':
      return { ...s, lockerId: str(d, 'toLockerId'), lockerOrder: Number(d.toLockerOrderNumber) };
    case 'ReservationExtended':
      // The renter's code opens until the new end.
      return { ...s, endMs: Date.parse(str(d, 'toEndTime')) };
    case 'PaymentConfirmed':
      return s.status === 'pending' ? { ...s, status: 'active' } : s;
    case 'AccessCodeIssued':
      return { ...s, access: { hash: str(d, 'codeHash'), issuedAt: str(d, 'issuedAt'), expiresAt: str(d, 'expiresAt') } };
    case 'PickupCodeIssued':
      return { ...s, pickup: { hash: str(d, 'codeHash'), issuedAt: str(d, 'issuedAt'), expiresAt: str(d, 'expiresAt') } };
    case 'LeftForPickup':
      // The renter's code stops opening once the goods wait for collection.
      return { ...s, status: 'awaiting_pickup', access: null };
    case 'CodeInvalidated':
      return d.codeKind === 'pickup' ? { ...s, pickup: null } : { ...s, access: null };
    case 'ReservationFinalized':
    case 'ReservationExpired':
    case 'ReservationCancelled':
    case 'PickupCompleted':
      return { ...s, status: 'ended', access: null, pickup: null };
    default:
      return s;
  }
}

export const reservationCodesOf = (events: readonly DomainEvent[]) => events.reduce(evolveReservationCodes, none());

/** The code of the kind the reservation's status lets open a door, while it lives and inside the window. */
export function openingCode(s: ReservationCodes, nowMs: number): { kind: DoorCodeKind; code: IssuedCode } | null {
  const found =
    s.status === 'active' && s.access
      ? { kind: 'access' as const, code: s.access }
      : s.status === 'awaiting_pickup' && s.pickup
        ? { kind: 'pickup' as const, code: s.pickup }
        : null;
  return found && Date.parse(found.code.expiresAt) > nowMs && codeOpens(found.kind, s, nowMs) ? found : null;
}

export function liveCodeOf(s: ReservationCodes, nowMs: number): LiveCode | null {
  const open = openingCode(s, nowMs);
  return open ? { reservationId: s.reservationId, codeKind: open.kind, issuedAt: open.code.issuedAt } : null;
}

/**
 * The match when the typed code's keyed hash (per kind, computed by the caller) is the live one.
 * `same` compares hashes in constant time; the domain is told how, not given a clock or crypto.
 */
export function matchCode(s: ReservationCodes, nowMs: number, hashes: Record<DoorCodeKind, string>, same: (a: string, b: string) => boolean): CodeMatch | null {
  const open = openingCode(s, nowMs);
  if (!open || !same(open.code.hash, hashes[open.kind])) return null;
  return { reservationId: s.reservationId, lockerId: s.lockerId, lockerOrder: s.lockerOrder, codeKind: open.kind };
}
