// A first `npm start` interrupted while it builds (Ctrl-C while the database template is made, or
// a process killed outright) leaves nothing behind for good: Ctrl-C removes the build's own
// staging folders (infra/db/remove-on-interrupt.ts), and the next start removes what a killed one
// left (run/stale-staging.mjs), never the folders of a start still running.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATE_CACHE, templateDir } from '../../infra/db/embedded-template.js';
import { demoTemplate } from '../../run/demo-template.js';
import { startEmbedded, stopEmbedded, type StartedServer } from '../bench/start-time.js';
import { tempDirs } from '../support/temp-dirs.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const BUSY_START_MS = 180_000;
const temp = tempDirs();
const started: StartedServer[] = [];
const leftovers: string[] = [];

afterAll(async () => {
  for (const server of started) await stopEmbedded(server.child);
  for (const path of leftovers) await rm(path, { recursive: true, force: true });
  temp.removeAll();
});

/** The pid of a process that has ended: what a killed start's folders are named by. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/** A folder with a file in it, as a build leaves it; removed after the tests whatever happens. */
function leftover(path: string): string {
  mkdirSync(path, { recursive: true });
  writeFileSync(join(path, 'PG_VERSION'), '17');
  leftovers.push(path);
  return path;
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an interrupted first start', () => {
  it(
    'Ctrl-C while the database template is made removes its staging folders, and the process ends by the signal',
    async () => {
      const tmp = temp.make('hub-interrupt-tmp-');
      const dataDir = temp.make('hub-interrupt-data-');
      // A key of its own: this start has to make a template, whatever the cache already holds.
      const key = `interrupt-test-${randomBytes(6).toString('hex')}`;
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, TMPDIR: tmp, HUB_SOURCES_KEY: key, PORT: '0', LOG_LEVEL: 'warn' };
      for (const name of ['DATABASE_URL', 'REDIS_URL', 'SEED_DEMO', 'HOST']) delete env[name];
      const child = spawn(process.execPath, ['--import', 'tsx', 'run/all-in-one.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
      const mine = (dir: string, prefix: string) => () => {
        const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith(`${prefix}${child.pid}-`)) : [];
        return names.length ? names : undefined;
      };
      try {
        // Both staging folders exist once the template's PostgreSQL is starting in them.
        await waitFor('the template build', mine(DEFAULT_TEMPLATE_CACHE, 'building-'), BUSY_START_MS);
        await waitFor('the template socket folder', mine(tmp, 'hub-pg-template-'), BUSY_START_MS);
        expect(output).toContain('[hub] creating the embedded database template');
        child.kill('SIGINT');
        expect(await exited).toBe('SIGINT');
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        const contents = demoTemplate(key);
        if (contents) leftovers.push(await templateDir(DEFAULT_TEMPLATE_CACHE, contents));
      }
      expect(mine(DEFAULT_TEMPLATE_CACHE, 'building-')()).toBeUndefined();
      expect(mine(tmp, 'hub-pg-template-')()).toBeUndefined(); // (tsx keeps its compile cache there too)
      expect(output).not.toMatch(/\[hub\] http:\/\//); // interrupted before it served anything
    },
    2 * BUSY_START_MS,
  );

  it(
    "the next npm start removes what a killed start left, and keeps a running start's folders",
    async () => {
      const tmp = temp.make('hub-stale-tmp-');
      const dead = await deadPid();
      mkdirSync(DEFAULT_TEMPLATE_CACHE, { recursive: true });
      const stale = [
        leftover(join(DEFAULT_TEMPLATE_CACHE, `building-${dead}-${randomBytes(3).toString('hex')}`)),
        leftover(join(DEFAULT_TEMPLATE_CACHE, `server-${randomBytes(8).toString('hex')}.${dead}.tmp`)),
        leftover(join(tmp, `hub-pg-template-${dead}-${randomBytes(3).toString('hex')}`)),
      ];
      // This test's process is alive: as far as the start can tell, another start still building.
      const live = [
        leftover(join(DEFAULT_TEMPLATE_CACHE, `building-${process.pid}-${randomBytes(3).toString('hex')}`)),
        leftover(join(tmp, `hub-pg-template-${process.pid}-${randomBytes(3).toString('hex')}`)),
      ];

      const server = await startEmbedded(temp.make('hub-stale-data-'), { env: { TMPDIR: tmp }, timeoutMs: BUSY_START_MS });
      started.push(server);
      for (const path of stale) {
        expect(existsSync(path), path).toBe(false);
        expect(server.output()).toContain(`[hub] removed what an interrupted start left: ${path}`);
      }
      for (const path of live) expect(existsSync(path), path).toBe(true);
      expect(await stopEmbedded(server.child)).toEqual({ forced: false });
    },
    BUSY_START_MS + 60_000,
  );
});
