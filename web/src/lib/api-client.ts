import { ApiError } from '@contract/shared/api-error';
import type { ErrorBodyShape } from '@contract/shared/error-body';
import { refreshSession } from './session-refresh';
import { StorageKeys, storage } from './storage';

// The one way the app talks to the API: JSON, the bearer token from storage, and failures turned
// into ApiError carrying the server's { error: { code, message } } (spec §7 "Responses").

export { ApiError };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Called on a 401 from an authenticated call so the app can drop the dead session. */
let onUnauthorized: (() => void) | null = null;
export const setUnauthorizedHandler = (handler: (() => void) | null) => {
  onUnauthorized = handler;
};

export interface ApiRequestInit {
  signal?: AbortSignal;
  retried?: boolean;
  /** Sent as Idempotency-Key: a retry with the same key is answered once, without acting twice. */
  idempotencyKey?: string;
}

export async function apiRequest<T>(method: Method, path: string, body?: unknown, init: ApiRequestInit = {}): Promise<T> {
  const token = storage.get(StorageKeys.authToken);
  // No Accept header (the API answers JSON regardless): with the browser's default, a visitor's first
  // read is the same request as the page's <link rel="preload" as="fetch"> (api/seo/route-preloads.ts)
  // and Chromium answers it from that preload instead of asking again.
  const headers: Record<string, string> = {};
  if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: init.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'Não foi possível conectar ao servidor. Verifique sua conexão.');
  }
  if (response.status === 204) return {} as T;
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = null;
  }
  if (!response.ok) {
    // Every refusal is ErrorBody; anything else (a proxy's page) falls back to the status line.
    const error = (json as Partial<ErrorBodyShape> | null)?.error;
    if (response.status === 401 && token && !path.startsWith('/auth/')) {
      // An expired access token: renew it once and repeat the call, else end the session.
      if (!init.retried && (await refreshSession())) return apiRequest<T>(method, path, body, { ...init, retried: true });
      onUnauthorized?.();
    }
    throw new ApiError(response.status, error?.code ?? 'http_error', error?.message ?? `Error: ${response.status} ${response.statusText}`, error?.details);
  }
  return json as T;
}

export const api = {
  get: <T>(path: string, init?: { signal?: AbortSignal }) => apiRequest<T>('GET', path, undefined, init),
  post: <T>(path: string, body?: unknown, init?: ApiRequestInit) => apiRequest<T>('POST', path, body ?? {}, init),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body ?? {}),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

export const errorMessage = (error: unknown, fallback = 'Failed to complete request. Please try again.') =>
  error instanceof Error && error.message ? error.message : fallback;
