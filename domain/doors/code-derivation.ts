import { createHmac } from 'node:crypto';
import type { DoorCodeKind } from './door-events.js';

// Every access and pickup code is derived (ADR 0025, amending ADR 0003): the server holds
// CODE_SECRET and gives each reservation its own code key; a code is a PRF of that key, its kind
// and its index (the codes of that kind issued before it on the reservation's stream). A door
// controller given one reservation's key (the signed manifest) knows that reservation's codes in
// advance, and nothing about any other reservation's. One rule, used by server and controller.

/** `HMAC-SHA256(CODE_SECRET, "code-key:" + reservationId)`: 32 bytes. */
export const codeKeyOf = (codeSecret: string, reservationId: string): Buffer => createHmac('sha256', codeSecret).update(`code-key:${reservationId}`).digest();

/** The key as the manifest carries it. */
export const encodeCodeKey = (key: Buffer): string => key.toString('base64url');

/** The key back from the manifest (null when it is not 32 bytes of base64url). */
export function decodeCodeKey(text: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return null;
  const key = Buffer.from(text, 'base64url');
  return key.length === 32 ? key : null;
}

/** 6 digits (100000–999999) from `HMAC-SHA256(code_key, kind + ":" + n)`. */
export function deriveCode(codeKey: Buffer, kind: DoorCodeKind, n: number): string {
  const digest = createHmac('sha256', codeKey).update(`${kind}:${n}`).digest();
  return String(100_000 + (digest.readUInt32BE(0) % 900_000));
}

/** The server's shortcut: the n-th code of a kind straight from CODE_SECRET. */
export const reservationCode = (codeSecret: string, reservationId: string, kind: DoorCodeKind, n: number): string =>
  deriveCode(codeKeyOf(codeSecret, reservationId), kind, n);
