// Browser-stored keys, named as the spec names them (§3 "Browser-stored keys").
export const StorageKeys = {
  authToken: 'auth_token',
  authUser: 'auth_user',
  session: 'hub_session_token',
  pendingHubId: 'pendingBookingHubId',
  pendingSize: 'pendingBookingSize',
  pendingDate: 'pendingBookingDate',
  pendingSlot: 'pendingBookingSlot',
  pendingHours: 'pendingBookingHours',
  redirectAfterAuth: 'redirectAfterAuth',
  googleMapsApiKey: 'googleMapsApiKey',
  needsPhoneUpdate: 'needsPhoneUpdate',
} as const;

export const storage = {
  get: (key: string) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key: string, value: string) => {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* private mode: the session lives in memory only */
    }
  },
  remove: (...keys: string[]) => {
    for (const key of keys) {
      try {
        window.localStorage.removeItem(key);
      } catch {
        /* ignore */
      }
    }
  },
};
