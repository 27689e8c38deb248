import type { AnswerOf } from '@contract/endpoint';
import type { refresh } from '@contract/auth/auth-endpoints';
import { StorageKeys, storage } from './storage';

// Access tokens live 15 minutes; the stored refresh token (rotated on every use) renews them so
// a renter is not signed out mid-booking. Concurrent 401s share one refresh.

/** POST /api/auth/refresh's answer. */
type RefreshedSession = AnswerOf<typeof refresh, 200>;

let inflight: Promise<string | null> | null = null;
let listener: ((session: RefreshedSession) => void) | null = null;

export const setSessionRefreshedHandler = (handler: ((session: RefreshedSession) => void) | null) => {
  listener = handler;
};

function storedRefreshToken(): string | null {
  try {
    const raw = storage.get(StorageKeys.session);
    return raw ? ((JSON.parse(raw) as { refresh_token?: string }).refresh_token ?? null) : null;
  } catch {
    return null;
  }
}

/** A new access token, or null when the session cannot be renewed (then the user signs in again). */
export function refreshSession(): Promise<string | null> {
  inflight ??= (async () => {
    const refreshToken = storedRefreshToken();
    if (!refreshToken) return null;
    try {
      const response = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      if (!response.ok) return null;
      const body = (await response.json()) as RefreshedSession;
      storage.set(StorageKeys.authToken, body.token);
      storage.set(StorageKeys.authUser, JSON.stringify(body.user));
      storage.set(StorageKeys.session, JSON.stringify(body.data.session));
      listener?.(body);
      return body.token;
    } catch {
      return null;
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}
