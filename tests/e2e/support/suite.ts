import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { SERVER_START_MS, startHubServer, type HubServer } from './server.js';

/** One Hub server and one Chromium per test file, started before its tests and closed after. */
export function useServerAndBrowser(options: { env?: Record<string, string> } = {}): { readonly server: HubServer; readonly browser: Browser } {
  const state = {} as { server: HubServer; browser: Browser };
  beforeAll(async () => {
    [state.server, state.browser] = await Promise.all([startHubServer(options), launchBrowser()]);
  }, SERVER_START_MS + 60_000);
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });
  return state;
}
