// Child processes of `npm run bench`: each server runs alone in its own Node process, so the
// load generator (autocannon, in the bench process) never shares an event loop with it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = `${ROOT}node_modules/.bin/tsx`;

export interface BenchProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `tsx <script>` with the env and waits until GET readyPath answers 200. */
export async function startProcess(script: string, env: Record<string, string>, readyPath = '/', timeoutMs = 120_000): Promise<BenchProcess> {
  const port = await freePort();
  const child = spawn(TSX, [script], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000)));
  child.stderr.on('data', (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}${readyPath}`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    stop: () => stopChild(child),
  };
}

/**
 * Starts `tsx <script>` and waits until it prints readyLine (processes with no HTTP port). With
 * PROF_DIR set, the process writes a V8 CPU profile there when it stops (the projection process
 * of the read-model measure, say).
 */
export async function startQuietProcess(
  script: string,
  env: Record<string, string>,
  readyLine: string,
  timeoutMs = 60_000,
): Promise<Omit<BenchProcess, 'url'>> {
  const profile = process.env.PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF_DIR}`] : [];
  const child = spawn(TSX, [...profile, script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} not ready within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      if (output.includes(readyLine)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}):\n${output}`)));
  });
  return { child, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The all-in-one process (API, projections, workers) on a database of the local server. */
export function startHub(databaseUrl: string, extra: Record<string, string> = {}): Promise<BenchProcess> {
  return startProcess(
    'run/all-in-one.ts',
    {
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      JWT_SECRET: 'bench-jwt-secret-'.repeat(3),
      CODE_SECRET: 'bench-code-secret-'.repeat(3),
      LOG_LEVEL: 'warn',
      // One bench renter books many times; the limit is exercised by the tests, not here.
      MAX_ACTIVE_RESERVATIONS: '1000000000',
      // The push bench books as one renter without paying (ADR 0016 allows one unpaid at a time).
      MAX_UNPAID_HOLDS: '1000000000',
      REDIS_URL: '',
      ...extra,
    },
    '/api/health',
  );
}
