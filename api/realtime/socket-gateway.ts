import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { isAdmin } from '../auth/guard.js';
import type { TokenService } from '../auth/tokens.js';

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
  close(): Promise<void>;
}

const HUB_ID = /^[A-Za-z0-9-]{1,64}$/;

export function createRealtime(server: HttpServer, tokens: TokenService): Realtime {
  const io = new Server(server, { path: '/socket.io', serveClient: false });
  io.on('connection', async (socket) => {
    await socket.join('hubs');
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token === 'string') {
      const user = await tokens.verifyAccess(token);
      if (user) await socket.join(isAdmin(user) ? [`user:${user.id}`, 'admins'] : `user:${user.id}`);
      if (user && (isAdmin(user) || user.role === 'logistics')) await socket.join('logistics');
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
      io.to(['hubs', `hub:${hubId}`]).emit('hub:changed', { hubId });
    },
    reservationChanged: (reservationId, userId) => {
      io.to(`user:${userId}`).emit('reservation:changed', { reservationId });
    },
    adminChanged: (hubIds) => {
      io.to('admins').emit('admin:changed', { hubIds });
    },
    collectionsChanged: (hubIds) => {
      io.to('logistics').emit('collections:changed', { hubIds });
    },
    close: () => new Promise((resolve) => void io.close(() => resolve())),
  };
}
