import { createHmac, randomInt } from 'node:crypto';

// Codes are made here, at the edge, with a CSPRNG; the domain and the log only see a keyed hash.
export const generateAccessCode = (): string => String(randomInt(100_000, 1_000_000));

export const hashAccessCode = (secret: string, reservationId: string, code: string): string =>
  createHmac('sha256', secret).update(`${reservationId}:${code}`).digest('hex');
