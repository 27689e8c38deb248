import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { useAuth } from '@/features/auth';
import { queryKeys } from '@/lib/query-keys';
import {
  keysForAccessChanged,
  keysForDoorsChanged,
  keysForAlertsChanged,
  keysForHubChanged,
  keysForReservationChanged,
  keysForSettingsChanged,
  keysForStaffChanged,
} from './push-invalidations';

// Live updates: the server pushes "something changed in Hub X"; the app refetches the queries
// for it. Nothing is lost when the socket drops: queries refetch on reconnect and focus.
// socket.io-client is imported once the app has rendered: pages fetch their data over HTTP and do
// not wait for the socket, so its ~15 KB stay out of the first-load bundle.

const RealtimeContext = createContext<Socket | null>(null);

const ADMIN_REFRESH_MS = 500;
/** Hub pushes come with every booking anywhere; the screens they refresh refetch at most twice a second. */
const HUB_REFRESH_MS = 500;

/** Runs at once, then at most once per window: calls inside a window run once at its end. */
function coalesced(windowMs: number, run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let again = false;
  const close = () => {
    timer = null;
    if (!again) return;
    again = false;
    run();
    timer = setTimeout(close, windowMs);
  };
  return () => {
    if (timer) {
      again = true;
      return;
    }
    run();
    timer = setTimeout(close, windowMs);
  };
}

/**
 * Invalidates the keys it is given at once, then at most once per window: keys named inside a
 * window are invalidated together at its end (each once, however often named).
 */
function batchedInvalidation(windowMs: number, invalidate: (queryKey: readonly unknown[]) => void): (keys: readonly (readonly unknown[])[]) => void {
  const pending = new Map<string, readonly unknown[]>();
  const flush = coalesced(windowMs, () => {
    const keys = [...pending.values()];
    pending.clear();
    for (const key of keys) invalidate(key);
  });
  return (keys) => {
    for (const key of keys) pending.set(JSON.stringify(key), key);
    flush();
  };
}

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { token } = useAuth();
  const [socket, setSocket] = useState<Socket | null>(null);

  // Reconnects when the session changes, so the per-user room follows the signed-in user.
  useEffect(() => {
    let closed = false;
    let s: Socket | null = null;
    void import('./socket-client').then(({ io }) => {
      if (closed) return;
      s = io({ path: '/socket.io', transports: ['websocket', 'polling'], reconnectionDelayMax: 5000, auth: token ? { token } : {} });
      const invalidate = (keys: readonly (readonly unknown[])[]) => {
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      };
      // Every socket hears every Hub's changes (room 'hubs'); the logistics grid is a database read.
      const hubChanged = batchedInvalidation(HUB_REFRESH_MS, (queryKey) => void queryClient.invalidateQueries({ queryKey }));
      s.on('hub:changed', ({ hubId }: { hubId: string }) => hubChanged(keysForHubChanged(hubId)));
      // Admin sockets only (the room 'admins'): dashboard reads and the Hubs named may have changed.
      // Every booking sends one, so the dashboard's own reads refetch at most twice a second.
      const refreshAdmin = coalesced(ADMIN_REFRESH_MS, () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }));
      s.on('admin:changed', ({ hubIds }: { hubIds?: string[] }) => {
        refreshAdmin();
        for (const hubId of hubIds ?? []) void queryClient.invalidateQueries({ queryKey: queryKeys.hubs.detail(hubId) });
      });
      s.on('reservation:changed', ({ reservationId }: { reservationId: string }) => invalidate(keysForReservationChanged(reservationId)));
      // Logistics and admin sockets (room 'logistics'): a pickup moved; the queue, Hub counters and tables refetch.
      s.on('collections:changed', () => void queryClient.invalidateQueries({ queryKey: queryKeys.logistics.all }));
      // The renter's own sockets and admins': an access grant changed (the Hub page opens or closes live).
      s.on('access:changed', ({ hubId }: { hubId: string }) => invalidate(keysForAccessChanged(hubId)));
      // The operator's own sockets and the admins' (issue 26): an operator's Hubs changed, so their
      // Hub list, detail and Coletas refetch (a Hub taken away answers 403 and shows so), and the
      // admins' teams and editors.
      s.on('staff:changed', () => invalidate(keysForStaffChanged));
      // Staff sockets (issue 29): an alert was raised, acknowledged or resolved; the list and the badge refetch.
      s.on('alerts:changed', () => invalidate(keysForAlertsChanged));
      // The maintenance banner and the settings screen (issue 27).
      s.on('settings:changed', () => invalidate(keysForSettingsChanged));
      // Doors and controllers (issue 29 item 4): the Hubs' door panels and the controller badges.
      s.on('doors:changed', ({ hubIds }: { hubIds?: string[] }) => invalidate(keysForDoorsChanged(hubIds ?? [])));
      s.io.on('reconnect', () => void queryClient.invalidateQueries());
      setSocket(s);
    });
    return () => {
      closed = true;
      s?.close();
      setSocket(null);
    };
  }, [queryClient, token]);

  return <RealtimeContext.Provider value={socket}>{children}</RealtimeContext.Provider>;
}

/** Joins a Hub's room while the calling component is mounted. */
export function useHubRoom(hubId: string | undefined) {
  const socket = useContext(RealtimeContext);
  useEffect(() => {
    if (!socket || !hubId) return;
    const join = () => socket.emit('hub:join', hubId);
    join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      socket.emit('hub:leave', hubId);
    };
  }, [socket, hubId]);
}
