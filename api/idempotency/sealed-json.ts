import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Stored answers can hold a door code, so they rest encrypted (AES-256-GCM, key derived from the
// server's code secret): a database dump alone reveals none of them.

const keyOf = (secret: string) => createHash('sha256').update(`idempotency:${secret}`).digest();

export function seal(secret: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64')).join('.');
}

/** The text, or null when it was sealed with another secret or tampered with. */
export function unseal(secret: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
