// Embedded start time: ms from spawning `npm start` (no DATABASE_URL: PGlite under a temporary
// DATA_DIR, demo data, a free PORT) to the first HTTP 200 of GET /api/health. `fresh` starts on an
// empty DATA_DIR; otherwise a first start prepares the folder, stops cleanly, and the second start
// is timed. Standalone (`npx tsx tests/bench/start-time.ts`) prints 3 runs of each.
// The web app must already be built (`npm run build`): its build is not part of the figure.
// HUB_START_TRACE=1 also prints each run's steps (run/start-trace.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const POLL_MS = 10;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The environment of a plain embedded start: nothing that would pick services mode or a shared queue. */
function embeddedEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port) };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SEED_DEMO', 'HOST', 'NODE_ENV', 'WEB_DIST']) delete env[name];
  return env;
}

/** With HUB_START_TRACE=1 the server prints its steps; this adds how long before Node began. */
function withSpawnTime(output: string, spawnedAt: number): string {
  const began = /\[start\] process began at epoch (\d+) ms/.exec(output)?.[1];
  return began ? output.replace(/^\[start\] process began.*$/m, `[start] npm and Node began after ${Number(began) - spawnedAt} ms`) : output;
}

export interface StartedServer {
  child: ChildProcess;
  port: number;
  /** ms from spawning `npm start` to the first 200 of GET /api/health. */
  ms: number;
  output(): string;
}

/** Spawns `npm start` in its own process group and waits for GET /api/health to answer 200. */
export async function startEmbedded(dataDir: string): Promise<StartedServer> {
  const port = await freePort();
  const spawnedAt = Date.now();
  const begun = performance.now();
  const child = spawn('npm', ['start', '--silent'], { cwd: root, env: embeddedEnv(dataDir, port), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}/api/health`;
  while (performance.now() - begun < START_TIMEOUT_MS) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm start exited early:\n${output}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return { child, port, ms: performance.now() - begun, output: () => withSpawnTime(output, spawnedAt) };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  await stopEmbedded(child);
  throw new Error(`no 200 from ${url} within ${START_TIMEOUT_MS} ms:\n${output}`);
}

/**
 * SIGTERM to the whole group (npm, its shell, node), as Ctrl-C in a terminal does; the server
 * closes PGlite before exiting. SIGKILL only if the group has not exited in time: `forced` says so.
 */
export async function stopEmbedded(child: ChildProcess): Promise<{ forced: boolean }> {
  const pgid = child.pid!;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pgid, name);
    } catch {
      // the group is gone already
    }
  };
  if (!groupAlive(pgid)) return { forced: false };
  signal('SIGTERM');
  // npm may exit before node has finished closing: wait for the whole group.
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (groupAlive(pgid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const forced = groupAlive(pgid);
  if (forced) signal('SIGKILL');
  return { forced };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** ms from spawning `npm start` to the first 200 of GET /api/health, on a fresh or an existing DATA_DIR. */
export async function measureEmbeddedStart({ fresh }: { fresh: boolean }): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hub-start-'));
  try {
    if (!fresh) await stopEmbedded((await startEmbedded(dataDir)).child);
    const { child, ms, output } = await startEmbedded(dataDir);
    await stopEmbedded(child);
    if (process.env.HUB_START_TRACE) console.log(output().split('\n').filter((line) => line.startsWith('[start]')).join('\n'));
    return ms;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const runs = Number(process.env.START_RUNS ?? 3);
  for (const fresh of [true, false]) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await measureEmbeddedStart({ fresh }));
    const sorted = [...times].sort((a, b) => a - b);
    const label = fresh ? 'fresh DATA_DIR ' : 'restart        ';
    console.log(`${label} ${times.map((t) => `${Math.round(t)} ms`).join(', ')}  (median ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms)`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
