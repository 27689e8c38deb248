/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
// Booking → Socket.IO push received by a browser: Chromium (playwright-core) connects to the
// running API's Socket.IO with the same client library the web app bundles, and the bench books
// through HTTP. The clock starts when the booking request is sent, an upper bound of the commit
// time, so the figure can only overstate the delay.
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { percentile } from './percentiles.js';

const require = createRequire(import.meta.url);
// The browser build ships in the package but is not in its exports map: found beside the entry.
const SOCKET_IO_CLIENT = join(dirname(require.resolve('socket.io-client')), '..', '..', 'dist', 'socket.io.min.js');

const WARM_UP = 20;

export interface Booker {
  /** Books one locker at hubId; resolves once the API answered 201. */
  book(hubId: string, slot: number): Promise<void>;
}

export async function measurePush(appUrl: string, hubIds: string[], booker: Booker, samples = 150): Promise<{ p50: number; p99: number; missed: number }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${appUrl}/api/health`);
    await page.addScriptTag({ path: SOCKET_IO_CLIENT });
    await page.evaluate(
      (ids) =>
        new Promise<void>((resolve) => {
          const w = window as unknown as {
            io: (opts: object) => { on(e: string, f: (p: { hubId: string }) => void): void; emit(e: string, v: string): void };
            pushes: { hubId: string; at: number }[];
          };
          w.pushes = [];
          const socket = w.io({ path: '/socket.io', transports: ['websocket'] });
          socket.on('hub:changed', (p) => w.pushes.push({ hubId: p.hubId, at: Date.now() }));
          socket.on('connect', () => {
            for (const id of ids) socket.emit('hub:join', id);
            resolve();
          });
        }),
      hubIds,
    );
    const latencies: number[] = [];
    let missed = 0;
    // The first bookings warm the process up (JIT, caches, a change-feed backlog left by earlier
    // measures); their pushes are waited for, with a long bound, but not counted.
    for (let i = 0; i < WARM_UP + samples; i++) {
      const counted = i >= WARM_UP;
      const hubId = hubIds[i % hubIds.length]!;
      const sent = Date.now();
      await booker.book(hubId, Math.floor(i / hubIds.length));
      const at = await page
        .waitForFunction(
          ({ hubId, sent }) =>
            (window as unknown as { pushes: { hubId: string; at: number }[] }).pushes.find((p) => p.hubId === hubId && p.at >= sent)?.at ?? null,
          { hubId, sent },
          { timeout: counted ? 3000 : 60_000, polling: 5 },
        )
        .then((handle) => handle.jsonValue() as Promise<number>)
        .catch(() => null);
      if (!counted) continue;
      if (at === null) missed++;
      else latencies.push(at - sent);
      // Spaced out, so each booking's push is its own and not one of a batch.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), missed };
  } finally {
    await browser.close();
  }
}
