import { randomUUID } from 'node:crypto';
import { argon2id, hash, verify } from 'argon2';

// argon2id with the library defaults (64 MiB, t=3, p=4): memory-hard, tuned for interactive login.
export function hashPassword(password: string): Promise<string> {
  return hash(password, { type: argon2id });
}

/** True iff password matches; a malformed stored hash counts as a mismatch, never a 500. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// Verified against when the e-mail is unknown (or has no password), so that the answer takes
// about as long as a real check and response timing does not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(`dummy-${randomUUID()}`));

/** Computes the dummy hash ahead of time, so the first unknown-e-mail login is not slower. */
export async function prepareDummyHash(): Promise<void> {
  await getDummyHash();
}

export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await getDummyHash(), password);
  return false;
}
