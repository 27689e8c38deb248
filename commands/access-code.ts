import { createHmac, randomInt } from 'node:crypto';

// Codes are made here, at the edge, with a CSPRNG; the domain and the log only see a keyed hash.
export const generateAccessCode = (): string => String(randomInt(100_000, 1_000_000));

export const hashAccessCode = (secret: string, reservationId: string, code: string): string =>
  createHmac('sha256', secret).update(`${reservationId}:${code}`).digest('hex');

/**
 * The code for a request carrying an Idempotency-Key: a keyed PRF of the key, so a retry of the
 * request yields the same code without the code ever being stored, and nobody without the
 * server's secret can predict it.
 */
export function derivedAccessCode(secret: string, reservationId: string, idempotencyKey: string): string {
  const digest = createHmac('sha256', secret).update(`code:${reservationId}:${idempotencyKey}`).digest();
  return String(100_000 + (digest.readUInt32BE(0) % 900_000));
}

/** A fresh code, or the one a retried request already received. */
export const accessCodeFor = (secret: string, reservationId: string, idempotencyKey: string | undefined) =>
  idempotencyKey ? derivedAccessCode(secret, reservationId, idempotencyKey) : generateAccessCode();

/**
 * The n-th code of a reservation (n = AccessCodeIssued events before it): a keyed PRF, so the
 * server can tell the renter the current code again while the log keeps only its hash (ADR 0003).
 */
export function rotatedAccessCode(secret: string, reservationId: string, n: number): string {
  const digest = createHmac('sha256', secret).update(`rotate:${reservationId}:${n}`).digest();
  return String(100_000 + (digest.readUInt32BE(0) % 900_000));
}
