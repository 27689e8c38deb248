import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { isAdmin } from '../auth/guard.js';
import type { AuthUser } from '../auth/types.js';

// Socket.IO rooms: every socket is in 'hubs' (lists), 'hub:{id}' while a Hub page is open,
// 'user:{id}' when the handshake carries a valid access token, and 'admins' when that token is an
// admin's (the dashboard), 'logistics' when it is a logistics user's or an admin's (issue 9). Pushes only say *what* changed; clients refetch through the API, which
// applies its own authorization.

export interface Realtime {
  hubChanged(hubId: string): void;
  reservationChanged(reservationId: string, userId: string): void;
  /** Tells open dashboards that a batch changed these Hubs (or only reservations, stats). */
  adminChanged(hubIds: string[]): void;
  /** Tells logistics screens that the pickup queue of these Hubs changed. */
  collectionsChanged(hubIds: string[]): void;
  /** A renter's access to a private Hub changed: their pages and the admins' queue refetch. */
  accessChanged(hubId: string, userId: string): void;
  /** Tells an operator's screens, and admins', that the operator's Hubs changed (issue 26). */
  staffChanged(userId: string, hubIds: readonly string[]): void;
  /** Tells every page that the platform's settings changed (the maintenance banner, issue 27). */
  settingsChanged(): void;
  /** Tells staff pages that these Hubs' doors or controllers changed (issue 29 item 4). */
  doorsChanged(hubIds: string[]): void;
  /** Tells staff screens (admins, logistics) that alerts of these Hubs changed (issue 29): lists and badges refetch. */
  alertsChanged(hubIds: string[]): void;
  /** The account's sessions ended: its sockets here leave every room their token let them join. */
  sessionsEnded(userId: string): void;
  /** Disconnects this process's sockets and stops taking new ones (draining). */
  disconnectAll(): void;
  close(): Promise<void>;
}

const HUB_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * With Redis (several API processes), the Socket.IO Redis adapter joins the processes: a room
 * emit made with `io.local.to()` reaches the room's sockets on every process. The change-feed pushes
 * below are emitted with `io.local` on purpose: every API process follows the log itself and
 * pushes to its own sockets only after its own Hub cache took the batch, so a browser on any
 * process is told once, and its refetch (to that same process) sees the change (ADR 0011).
 */
export function createRealtime(
  server: HttpServer,
  authenticate: (token: string) => Promise<AuthUser | null>,
  redis?: { pub: Redis; sub: Redis; key: string },
): Realtime {
  const io = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    ...(redis ? { adapter: createAdapter(redis.pub, redis.sub, { key: redis.key }) } : {}),
  });
  io.on('connection', async (socket) => {
    await socket.join('hubs');
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token === 'string') {
      const user = await authenticate(token).catch(() => null); // a token whose sessions ended joins no room
      if (user) await socket.join(isAdmin(user) ? [`user:${user.id}`, 'admins'] : `user:${user.id}`);
      if (user && (isAdmin(user) || user.role === 'logistics')) await socket.join('logistics');
      // Maintenance is not in 'logistics' (the pickup queue names renters); its own room says
      // when its Hubs change.
    }
    socket.on('hub:join', (hubId: unknown) => {
      if (typeof hubId === 'string' && HUB_ID.test(hubId)) void socket.join(`hub:${hubId.toUpperCase()}`);
    });
    socket.on('hub:leave', (hubId: unknown) => {
      if (typeof hubId === 'string' && HUB_ID.test(hubId)) void socket.leave(`hub:${hubId.toUpperCase()}`);
    });
  });
  return {
    hubChanged: (hubId) => {
      io.local.to(['hubs', `hub:${hubId}`]).emit('hub:changed', { hubId });
    },
    reservationChanged: (reservationId, userId) => {
      io.local.to(`user:${userId}`).emit('reservation:changed', { reservationId });
    },
    adminChanged: (hubIds) => {
      io.local.to('admins').emit('admin:changed', { hubIds });
    },
    collectionsChanged: (hubIds) => {
      io.local.to('logistics').emit('collections:changed', { hubIds });
    },
    accessChanged: (hubId, userId) => {
      io.local.to([`user:${userId}`, 'admins']).emit('access:changed', { hubId, userId });
    },
    staffChanged: (userId, hubIds) => {
      io.local.to([`user:${userId}`, 'admins']).emit('staff:changed', { userId, hubIds });
    },
    settingsChanged: () => {
      io.local.emit('settings:changed', {});
    },
    doorsChanged: (hubIds) => {
      io.local.to(['admins', 'logistics']).emit('doors:changed', { hubIds });
    },
    alertsChanged: (hubIds) => {
      // Ids only: each screen refetches GET /api/alerts, which scopes to the caller's Hubs.
      io.local.to('logistics').emit('alerts:changed', { hubIds });
    },
    sessionsEnded: (userId) => {
      // They stay connected for the public pushes; the next API call of that page gets 401.
      io.local.in(`user:${userId}`).socketsLeave([`user:${userId}`, 'admins', 'logistics']);
    },
    disconnectAll: () => {
      io.local.disconnectSockets(true);
      io.engine.close();
    },
    close: () => new Promise((resolve) => void io.close(() => resolve())),
  };
}
