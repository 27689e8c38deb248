import { createHash } from 'node:crypto';
import type { StoredEvent } from '../infra/eventstore/port.js';

// Command-level idempotency: a request retried with the same Idempotency-Key must write nothing
// twice even when the HTTP layer could not record its first answer (the process died, or the
// database went away right after the append). Events carry the key in their metadata, and ids
// the command invents (a new reservation's) are derived from it.

/** A UUID (version 8, name-based) derived from the parts: the same parts, the same id. */
export function derivedUuid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The last event of a stream that a request with this key already wrote, if any. */
export function writtenBy(stored: readonly StoredEvent[], idempotencyKey: string | undefined): StoredEvent | undefined {
  if (!idempotencyKey) return undefined;
  return stored.findLast((event) => event.metadata.idempotencyKey === idempotencyKey);
}

/** Every event of a stream that a request with this key already wrote, in order. */
export function writtenAllBy(stored: readonly StoredEvent[], idempotencyKey: string | undefined): StoredEvent[] {
  if (!idempotencyKey) return [];
  return stored.filter((event) => event.metadata.idempotencyKey === idempotencyKey);
}
