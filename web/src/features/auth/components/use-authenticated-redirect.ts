import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearPendingBooking } from '@/lib/pending-booking';
import { StorageKeys, storage } from '@/lib/storage';
import { useAuth } from '../auth-context';

const AUTH_PAGES = ['/login', '/register'];

/** True for a same-app path ('/hubs/AB-12'), not for login/register or another origin. */
export const isSafeRedirect = (path: string | null | undefined): path is string =>
  Boolean(
    path && path.startsWith('/') && !path.startsWith('//') && !AUTH_PAGES.some((p) => path === p || path.startsWith(`${p}?`) || path.startsWith(`${p}/`)),
  );

/**
 * Where an already signed-in visitor of /login or /register goes (spec "Login"): the pending
 * booking's Hub, else the stored redirect (unless it is login/register), else home.
 * Pure: reading storage only, so it is safe in render and under StrictMode's double calls.
 */
export function peekAuthenticatedRedirect(): string {
  const pendingHubId = storage.get(StorageKeys.pendingHubId);
  if (pendingHubId) return `/hubs/${encodeURIComponent(pendingHubId)}`;
  const stored = storage.get(StorageKeys.redirectAfterAuth);
  return isSafeRedirect(stored) ? stored : '/';
}

/** Clears what peekAuthenticatedRedirect consumed; idempotent. */
export function consumeAuthenticatedRedirect(): void {
  if (storage.get(StorageKeys.pendingHubId)) {
    clearPendingBooking();
    storage.remove(StorageKeys.redirectAfterAuth);
  } else {
    storage.remove(StorageKeys.redirectAfterAuth);
  }
}

/**
 * On /login and /register: when the page opens with a session already in place, leave for the
 * right destination. Decided once, at mount — a login on this page navigates by itself.
 * Returns true while that redirect is pending so the page can render nothing.
 */
export function useRedirectIfAuthenticated(): boolean {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [target] = useState(() => (isAuthenticated ? peekAuthenticatedRedirect() : null));
  const done = useRef(false);

  useEffect(() => {
    if (!target || done.current) return;
    done.current = true;
    consumeAuthenticatedRedirect();
    navigate(target, { replace: true });
  }, [target, navigate]);

  return target !== null;
}

/** A page reached with router state { from } remembers it as the redirect-after-auth path. */
export function rememberOrigin(from: unknown): void {
  const path =
    typeof from === 'string'
      ? from
      : from && typeof from === 'object' && 'pathname' in from && typeof from.pathname === 'string'
        ? `${from.pathname}${'search' in from && typeof from.search === 'string' ? from.search : ''}`
        : null;
  if (isSafeRedirect(path) && !storage.get(StorageKeys.redirectAfterAuth)) storage.set(StorageKeys.redirectAfterAuth, path);
}
