import { randomInt } from 'node:crypto';
import { secretKeyFrom } from '../domain/hubs/secret-key.js';

/** A new Hub secret key: 10 characters of A–Z, a–z, 0–9 from a CSPRNG (about 59.5 bits). */
export const generateHubSecretKey = (): string => secretKeyFrom((n) => randomInt(n));
