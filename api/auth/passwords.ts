import { randomUUID } from 'node:crypto';
import { argon2id, hash, verify } from 'argon2';
import pLimit from 'p-limit';
import { RetryLaterError } from '../http/errors.js';

// Every argon2 hash and verification in this process goes through one small limiter. argon2 runs
// on libuv's thread pool (4 threads by default), which file reads (@fastify/static), dns.lookup
// and zlib share: a login flood must not take all of it. Two at a time leaves the rest free; a
// bounded queue turns a flood into immediate 503s instead of an ever-growing wait.
const CONCURRENCY = 2;
const MAX_WAITING = 50;
const limit = pLimit(CONCURRENCY);
let completed = 0;

const BUSY_MESSAGE = 'Servidor ocupado. Tente novamente em instantes.';
export const serverBusy = () => new RetryLaterError(503, 'busy', BUSY_MESSAGE, 1);

/** True when new password work would be refused: callers can answer 503 before doing anything. */
export function passwordWorkSaturated(): boolean {
  return limit.pendingCount >= MAX_WAITING;
}

/** Work done so far (finished hashes and verifications), for tests that check none was spent. */
export function passwordWorkCompleted(): number {
  return completed;
}

function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (passwordWorkSaturated()) return Promise.reject(serverBusy());
  return limit(async () => {
    try {
      return await work();
    } finally {
      completed++;
    }
  });
}

// argon2id with the library defaults (64 MiB, t=3, p=4): memory-hard, tuned for interactive login.
export function hashPassword(password: string): Promise<string> {
  return bounded(() => hash(password, { type: argon2id }));
}

/**
 * True iff password matches; a malformed stored hash counts as a mismatch, never a 500. Rejects
 * with a 503 RetryLaterError when too much password work is already waiting.
 */
export function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return bounded(async () => {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  });
}

// Verified against when the e-mail is unknown (or has no password), so that the answer takes
// about as long as a real check and response timing does not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${randomUUID()}`).catch((error: unknown) => {
    dummyHash = undefined; // a busy refusal must not be remembered as the dummy hash
    throw error;
  });
  return dummyHash;
}

/** Computes the dummy hash ahead of time, so the first unknown-e-mail login is not slower. */
export async function prepareDummyHash(): Promise<void> {
  await getDummyHash();
}

export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await getDummyHash(), password);
  return false;
}
