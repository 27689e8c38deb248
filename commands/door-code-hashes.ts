import { createHmac, timingSafeEqual } from 'node:crypto';
import { hashAccessCode } from './access-code.js';
import type { DoorCodeKind } from '../domain/doors/door-events.js';

// The keyed hashes a typed code is compared under (ADR 0003; pickup: docs/logistics-api.md).

export const hashPickupCodeForDoor = (secret: string, reservationId: string, code: string): string =>
  createHmac('sha256', secret).update(`pickup:${reservationId}:${code}`).digest('hex');

export const doorCodeHashes = (secret: string, reservationId: string, code: string): Record<DoorCodeKind, string> => ({
  access: hashAccessCode(secret, reservationId, code),
  pickup: hashPickupCodeForDoor(secret, reservationId, code),
});

/** Hex digests compared in constant time (a different length is simply not equal). */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
