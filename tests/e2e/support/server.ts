// Runs the real Hub process (`run/all-in-one.ts`, what `npm start` runs) on a fresh PostgreSQL
// database with the demo data, serving the built web app, for browser tests.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '../../support/database.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface HubServer {
  baseUrl: string;
  database: TestDatabase;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Builds web/dist when it is missing or stale (the same step `npm start` runs first). */
export function ensureWebBuild(): void {
  execFileSync(process.execPath, ['web/scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
}

/** How long startHubServer waits for the demo Hubs to be listed. */
export const SERVER_START_MS = 180_000;

/** `env` adds or overrides settings, e.g. a short PAYMENT_WINDOW_MINUTES. */
export async function startHubServer(options: { env?: Record<string, string> } = {}): Promise<HubServer> {
  ensureWebBuild();
  const database = await createTestDatabase();
  const port = await freePort();
  // The process's own DATA_DIR (uploads, the mail outbox when no SMTP_URL is given), removed at stop.
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-e2e-data-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SEED_DEMO: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    CODE_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  delete env.REDIS_URL; // in-process queue: one process, nothing shared between test files
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'run/all-in-one.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: HubServer = {
    baseUrl,
    database,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
          child.once('exit', () => resolve(clearTimeout(timer)));
        });
      }
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // Seconds alone; minutes while a second CI run shares the 2 cores (within suite.ts's hook bound).
  const deadline = Date.now() + SERVER_START_MS;
  for (;;) {
    const failure = child.exitCode !== null ? 'exited early' : Date.now() > deadline ? 'did not start' : null;
    if (failure) {
      await server.stop(); // no process, database or DATA_DIR outlives a failed start
      throw new Error(`Hub server ${failure}:\n${output}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/hubs`);
      if (res.ok && ((await res.json()) as unknown[]).length > 0) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return server;
}
