// A whole API with Socket.IO listening on a real port, started before a file's tests and closed
// after, with socket clients that record what they hear: the setup of every realtime test.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Mailer } from '../../infra/mail/port.js';
import type { TestApp } from './test-app.js';
import { socketListeners, type SocketListeners } from './socket-listener.js';
import { startWebTestApp } from './web-test-app.js';

export interface RealtimeApp {
  readonly t: TestApp;
  readonly baseUrl: string;
  connect: SocketListeners['connect'];
}

/** mailer: where the app's e-mail goes (default kept in memory, unread). */
export function useRealtimeApp(opts: { mailer?: Mailer } = {}): RealtimeApp {
  const state = { t: undefined as unknown as TestApp, baseUrl: '' };
  const listeners = socketListeners(() => state.baseUrl);
  beforeAll(async () => {
    state.t = await startWebTestApp({ webDist: null, realtime: true, mailer: opts.mailer });
    await state.t.app.listen({ port: 0, host: '127.0.0.1' });
    state.baseUrl = `http://127.0.0.1:${(state.t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    listeners.closeAll();
    await state.t?.close();
  });
  return {
    get t() {
      return state.t;
    },
    get baseUrl() {
      return state.baseUrl;
    },
    connect: listeners.connect,
  };
}
