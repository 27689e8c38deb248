// Socket.IO clients for realtime tests: each connects with an access token (or none) and records
// every event it hears, with the time it arrived.
import { io, type Socket } from 'socket.io-client';

export interface Received {
  event: string;
  data: unknown;
  at: number;
}

export interface SocketListeners {
  connect(token?: string): Promise<{ socket: Socket; heard: Received[] }>;
  closeAll(): void;
}

export function socketListeners(baseUrl: () => string): SocketListeners {
  const sockets: Socket[] = [];
  return {
    async connect(token) {
      const socket = io(baseUrl(), { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
      sockets.push(socket);
      const heard: Received[] = [];
      socket.onAny((event: string, data: unknown) => heard.push({ event, data, at: Date.now() }));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return { socket, heard };
    },
    closeAll() {
      for (const socket of sockets) socket.disconnect();
    },
  };
}

/** The bearer token of an account made by signUp. */
export const tokenOf = (account: { headers: { authorization: string } }) => account.headers.authorization.replace(/^Bearer /, '');

/** Waits until check() holds, polling every 20 ms. */
export async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not heard in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
