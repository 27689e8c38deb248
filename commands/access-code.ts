import { createHmac } from 'node:crypto';
import { reservationCode } from '../domain/doors/code-derivation.js';

// Access codes are derived (ADR 0025, amending ADR 0003): the n-th code of a reservation is a PRF
// of its code key, itself a PRF of CODE_SECRET. The domain and the log only see a keyed hash.

export const hashAccessCode = (secret: string, reservationId: string, code: string): string =>
  createHmac('sha256', secret).update(`${reservationId}:${code}`).digest('hex');

/**
 * The n-th access code of a reservation (n = AccessCodeIssued events before it): the booking's is
 * number 0, so a retried booking yields the same code without it ever being stored; the server
 * tells the renter the current code again from the log; a controller holding the reservation's
 * key knows it too; nobody without one of those secrets can predict it.
 */
export const rotatedAccessCode = (secret: string, reservationId: string, n: number): string => reservationCode(secret, reservationId, 'access', n);

/** The booking's code: the reservation's first. */
export const bookingAccessCode = (secret: string, reservationId: string): string => rotatedAccessCode(secret, reservationId, 0);
