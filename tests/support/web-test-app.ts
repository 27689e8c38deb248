// The whole API serving a built web app (and, on request, Socket.IO), on the fresh database
// startTestApp makes: its projections, queue and store are reused; only the HTTP app differs.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../api/app.js';
import { createTokenService } from '../../api/auth/tokens.js';
import { startRealtime } from '../../api/realtime/start-realtime.js';
import type { WebConfig } from '../../api/seo/web-config.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import type { Mailer } from '../../infra/mail/port.js';
import { projectorNames } from '../../projections/all.js';
import { waitForProjections } from '../../projections/projection-waits.js';
import { startTestApp, type TestApp } from './test-app.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Builds the web app with the project's Vite config into a fresh temporary folder. */
export function buildWebInto(prefix = 'hub-web-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      join(root, 'web/vite.config.ts'),
      '--outDir',
      dir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    // A production build whatever the caller's NODE_ENV (vitest sets 'test', which would make a
    // development React build and fail the size budget).
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * mailer: where the app's e-mail goes (e.g. SMTP to a test server); default kept in memory.
 * appUrl: APP_URL (default: the address the process would listen on); webConfig: what the pages
 * tell the web app (default: GOOGLE_MAPS_* of the environment).
 */
export async function startWebTestApp(opts: {
  webDist: string | null;
  realtime?: boolean;
  mailer?: Mailer;
  appUrl?: string;
  webConfig?: WebConfig;
}): Promise<TestApp> {
  const base = await startTestApp();
  await base.app.close();
  const tokens = createTokenService(randomBytes(32));
  const app = await buildApp({
    db: base.db,
    store: base.store,
    queue: base.queue,
    tokens,
    codeSecret: randomBytes(32).toString('hex'),
    clock: () => base.clock.read(),
    maxReservationHours: 48,
    awaitProjections: (position) => waitForProjections(base.db, projectorNames, position, 5000),
    webDist: opts.webDist,
    mailer: opts.mailer ?? createMemoryMailer(),
    appUrl: opts.appUrl,
    webConfig: opts.webConfig,
  });
  const stopRealtime = opts.realtime ? await startRealtime(app, { db: base.db, store: base.store }) : async () => {};
  return {
    ...base,
    app,
    async close() {
      await stopRealtime();
      await app.close();
      await base.close();
    },
  };
}
