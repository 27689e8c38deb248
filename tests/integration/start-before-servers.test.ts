import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/support/server.js';
import { startOwnPostgres, startOwnRedis, type OwnPostgres, type OwnRedis } from '../support/own-servers.js';
import { tempDirs } from '../support/temp-dirs.js';
import { waitUntil } from '../support/test-app.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Started {
  role: string;
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<void>;
}

// Containers come up together: a services process may start before PostgreSQL and Redis answer.
// Each role must wait for them (one line saying so, no stack trace), then serve once they are up.
// Both servers are this test's own (tests/support/own-servers.ts), stopped before the processes start.
describe('services processes started before PostgreSQL and Redis', () => {
  const dirs = tempDirs();
  let postgres: OwnPostgres;
  let redis: OwnRedis;
  let databaseUrl: string;
  const started: Started[] = [];
  const running = (p: Started) => p.child.exitCode === null && p.child.signalCode === null;

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    databaseUrl = await postgres.createDatabase('hub');
    await postgres.stopServer('fast');
    redis = await startOwnRedis();
    await redis.kill();
  }, 60_000);

  afterAll(async () => {
    for (const p of started) if (running(p)) p.child.kill('SIGTERM');
    await Promise.all(started.map((p) => p.exited));
    await redis?.stop();
    await postgres?.stop();
    dirs.removeAll();
  }, 30_000);

  async function start(role: 'api' | 'projections' | 'workers'): Promise<Started> {
    const port = await freePort();
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      QUEUE_NAME: `hub-wait-${randomBytes(4).toString('hex')}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      CODE_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: dirs.make('hub-wait-data-'),
      ...(role === 'api' ? { PORT: String(port) } : { HEALTH_PORT: String(port) }),
    };
    const child = spawn(process.execPath, ['--import', 'tsx', `${role}/main.ts`], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const entry = { role, child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
    started.push(entry);
    return entry;
  }

  const count = (text: string, part: string) => text.split(part).length - 1;
  const ready = async (p: Started) => (await fetch(`${p.url}/api/health/ready`).catch(() => null))?.status === 200;

  it('each role waits for PostgreSQL, then for Redis, saying so once, and serves when both are up', async () => {
    const processes = await Promise.all([start('api'), start('projections'), start('workers')]);
    const pgTarget = `127.0.0.1:${postgres.port}`;
    const waitingForPg = `Aguardando PostgreSQL em ${pgTarget} (waiting for PostgreSQL)`;
    await waitUntil(async () => processes.every((p) => p.output().includes(waitingForPg) || !running(p)), 60_000, 100);
    for (const p of processes) expect(running(p), `${p.role} exited:\n${p.output()}`).toBe(true);

    await postgres.startServer();
    // api and workers then wait for Redis; projections need no Redis and become ready.
    const waitingForRedis = `Aguardando Redis em 127.0.0.1:${redis.port} (waiting for Redis)`;
    const [api, projections, workers] = processes;
    await waitUntil(async () => [api, workers].every((p) => p.output().includes(waitingForRedis) || !running(p)), 60_000, 100);
    await waitUntil(async () => (await ready(projections)) || !running(projections), 60_000, 100);
    for (const p of processes) expect(running(p), `${p.role} exited:\n${p.output()}`).toBe(true);
    expect(await ready(api)).toBe(false);

    await redis.start();
    await waitUntil(async () => (await Promise.all(processes.map(ready))).every(Boolean) || !processes.every(running), 60_000, 100);
    for (const p of processes) {
      const output = p.output();
      expect(await ready(p), `${p.role} is not ready:\n${output}`).toBe(true);
      expect(count(output, waitingForPg), output).toBe(1);
      expect(output).toContain(`PostgreSQL em ${pgTarget} respondeu após`);
      expect(count(output, waitingForRedis), output).toBe(p === projections ? 0 : 1);
      // No stack trace: the waits are the only lines about the servers.
      expect(output, output).not.toMatch(/^\s+at /m);
      for (const line of output.split('\n').filter((l) => l.includes('ECONNREFUSED'))) expect(line).toMatch(/^Aguardando /);
    }
    const res = await fetch(`${api.url}/api/hubs`);
    expect(res.status).toBe(200);
  }, 150_000);
});
