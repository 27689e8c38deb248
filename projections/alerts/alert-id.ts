import { createHash } from 'node:crypto';

// An alert's id is a function of the fact that raised it (ADR 0026): every reader of that fact
// (a replay, a restart, another replica's worker) names the same alert stream, and the stream's
// expected version lets only the first raise it. A hash is as pure as arithmetic.
export function alertIdOf(sourceEventId: string): string {
  const h = createHash('sha256').update(`alert:${sourceEventId}`).digest('hex');
  // Shaped as a UUID (version 8, variant 10), so the columns stay uuid.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
