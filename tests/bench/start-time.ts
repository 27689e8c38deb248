// Embedded start time: ms from spawning `npm start` (no DATABASE_URL: PGlite under a temporary
// DATA_DIR, demo data, a free PORT) to the first HTTP 200 of GET /api/health. `fresh` starts on an
// empty DATA_DIR; otherwise a first start prepares the folder, stops cleanly, and the second start
// is timed. Standalone (`npx tsx tests/bench/start-time.ts`) prints 3 runs of each, after one
// untimed start that fills the caches a change of the sources empties (warmStartCaches).
// The web app must already be built (`npm run build`): its build is not part of the figure.
// HUB_START_TRACE=1 also prints each run's steps (run/start-trace.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
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
  /**
   * CPU time (user + system, all threads) the process group had used by then, Linux only: unlike
   * the wall time it barely moves when other work shares the machine.
   */
  cpuMs: number | null;
  output(): string;
}

const CLOCK_TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux

/** utime + stime + cutime + cstime of every live process in the group, from /proc. */
async function groupCpuMs(pgid: number): Promise<number | null> {
  if (process.platform !== 'linux') return null;
  let ticks = 0;
  for (const pid of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // Fields after the command name (which may hold spaces) start at state: pgrp is the 3rd.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  }
  return ticks / CLOCK_TICKS_PER_MS;
}

/** Spawns `npm start` in its own process group and waits for GET /api/health to answer 200. */
export interface StartOptions {
  /** Added to the plain embedded environment (e.g. TMPDIR). */
  env?: NodeJS.ProcessEnv;
  /** How long the first 200 may take: tests on a busy machine allow more than the benchmark. */
  timeoutMs?: number;
}

export async function startEmbedded(dataDir: string, { env = {}, timeoutMs = START_TIMEOUT_MS }: StartOptions = {}): Promise<StartedServer> {
  const port = await freePort();
  const spawnedAt = Date.now();
  const begun = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...embeddedEnv(dataDir, port), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}/api/health`;
  while (performance.now() - begun < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm start exited early:\n${output}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) {
        const ms = performance.now() - begun;
        return { child, port, ms, cpuMs: await groupCpuMs(child.pid!), output: () => withSpawnTime(output, spawnedAt) };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  await stopEmbedded(child);
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms:\n${output}`);
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

export interface StartFigures {
  /** ms from spawning `npm start` to the first 200 of GET /api/health. */
  ms: number;
  cpuMs: number | null;
}

/** One start on a new DATA_DIR (fresh) or on one a first start prepared (restart). */
export async function measureEmbeddedStartFigures({ fresh }: { fresh: boolean }): Promise<StartFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hub-start-'));
  try {
    if (!fresh) await stopEmbedded((await startEmbedded(dataDir)).child);
    const { child, ms, cpuMs, output } = await startEmbedded(dataDir);
    await stopEmbedded(child);
    if (process.env.HUB_START_TRACE)
      console.log(
        output()
          .split('\n')
          .filter((line) => line.startsWith('[start]'))
          .join('\n'),
      );
    return { ms, cpuMs };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * One untimed start on a throwaway DATA_DIR: the first start after a change of the server's
 * sources compiles the server and makes the database template (node_modules/.cache/hub), which
 * every later start reuses, as the web build is. Returns its ms.
 */
export async function warmStartCaches(): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hub-start-'));
  try {
    const { child, ms } = await startEmbedded(dataDir);
    await stopEmbedded(child);
    return ms;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** ms from spawning `npm start` to the first 200 of GET /api/health, on a fresh or an existing DATA_DIR. */
export async function measureEmbeddedStart({ fresh }: { fresh: boolean }): Promise<number> {
  return (await measureEmbeddedStartFigures({ fresh })).ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const runs = Number(process.env.START_RUNS ?? 3);
  console.log(`first start (compiles the server and makes the template if the sources changed): ${Math.round(await warmStartCaches())} ms`);
  for (const fresh of [true, false]) {
    const figures: StartFigures[] = [];
    for (let i = 0; i < runs; i++) figures.push(await measureEmbeddedStartFigures({ fresh }));
    const label = fresh ? 'fresh DATA_DIR' : 'restart       ';
    const wall = figures.map((f) => f.ms);
    const cpu = figures.map((f) => f.cpuMs).filter((c): c is number => c !== null);
    const cpuText = cpu.length ? `; CPU ${cpu.map((c) => `${Math.round(c)} ms`).join(', ')} (median ${Math.round(median(cpu))} ms)` : '';
    console.log(`${label}  ${wall.map((t) => `${Math.round(t)} ms`).join(', ')} (median ${Math.round(median(wall))} ms)${cpuText}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
