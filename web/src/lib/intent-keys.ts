import { ApiError } from './api-client';

// One Idempotency-Key per user intent: the same request sent again after an unanswered attempt
// (a dropped connection, a 5xx, a second tap) reuses its key, so the server acts once and
// answers the same. Once the server gave a definite answer (success or a 4xx refusal), the next
// identical request is a new intent: a locker may have freed up since "none available".

/** A random UUID; crypto.randomUUID exists only on secure origins, getRandomValues everywhere. */
function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Sends `request` with the key of its intent; forgets the key once the answer is definite. */
export function createIntentKeys() {
  const keys = new Map<string, string>();
  return async function send<T>(request: unknown, call: (idempotencyKey: string) => Promise<T>): Promise<T> {
    const id = JSON.stringify(request);
    let key = keys.get(id);
    if (!key) keys.set(id, (key = uuid()));
    try {
      const answer = await call(key);
      keys.delete(id);
      return answer;
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) keys.delete(id);
      throw error;
    }
  };
}
