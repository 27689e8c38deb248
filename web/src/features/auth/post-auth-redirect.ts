import { clearPendingBooking } from '@/lib/pending-booking';
import { StorageKeys, storage } from '@/lib/storage';
import type { User } from './types';

/**
 * Where to go after login or register (spec "Post-authentication redirect order"):
 * pending booking → its Hub; else a stored path (not login/register); else /update-phone when
 * the phone is missing; else home.
 */
export function postAuthRedirect(user: Pick<User, 'phone'> | null): string {
  const pendingHubId = storage.get(StorageKeys.pendingHubId);
  if (pendingHubId) {
    clearPendingBooking();
    storage.remove(StorageKeys.redirectAfterAuth);
    return `/hubs/${encodeURIComponent(pendingHubId)}`;
  }
  const stored = storage.get(StorageKeys.redirectAfterAuth);
  // Same-app paths only: '//host' or 'https://…' would send the user to another site.
  const sameApp = stored !== null && stored.startsWith('/') && !stored.startsWith('//');
  if (stored && sameApp && !['/login', '/register'].some((p) => stored.startsWith(p))) {
    storage.remove(StorageKeys.redirectAfterAuth);
    return stored;
  }
  if (!user?.phone?.trim()) {
    storage.set(StorageKeys.needsPhoneUpdate, 'true');
    return '/update-phone';
  }
  return '/';
}
