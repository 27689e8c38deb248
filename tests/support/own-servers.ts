// Redis and PostgreSQL servers of a test's own, on free ports, for fault tests that kill or
// restart them: the machine's shared servers are never touched. Each is removed at stop(), and
// also (best effort) if the test process exits without stopping it.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from '../e2e/support/server.js';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up in ${timeoutMs} ms`);
    await sleep(50);
  }
}

export interface OwnRedis {
  port: number;
  url: string;
  /** SIGKILL: Redis keeps nothing on disk here, so every key (every job) is lost. */
  kill(): Promise<void>;
  /** A fresh, empty server on the same port. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const killNow = () => child?.kill('SIGKILL');
  process.once('exit', killNow);

  const ping = async () => {
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => {});
    try {
      await redis.connect();
      return (await redis.ping()) === 'PONG';
    } finally {
      redis.disconnect();
    }
  };
  const self: OwnRedis = {
    port,
    url,
    async start() {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'];
      child = spawn('redis-server', args, { stdio: 'ignore' });
      await until(ping, `redis-server on ${port}`);
    },
    async kill() {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      await new Promise((resolve) => {
        c.once('exit', resolve);
        c.kill('SIGKILL');
      });
    },
    async stop() {
      await self.kill();
      process.removeListener('exit', killNow);
    },
  };
  await self.start();
  return self;
}

export interface OwnPostgres {
  port: number;
  /** URL of the `postgres` database; make others with createDatabase. */
  url: string;
  createDatabase(name: string): Promise<string>;
  /** pg_ctl stop; mode fast ends sessions with 57P01, immediate is a crash. */
  stopServer(mode?: 'fast' | 'immediate'): Promise<void>;
  startServer(): Promise<void>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** initdb refuses root: run the server's tools as the postgres OS user then. */
function asServerUser(): { prefix: string[]; uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid };
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hub-pg-'));
  const data = join(dir, 'data');
  const user = asServerUser();
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid!);
  const argv = (name: string, args: string[]): [string, string[]] => {
    const [cmd, ...rest] = [...user.prefix, join(PG_BIN, name), ...args];
    return [cmd!, rest];
  };
  const tool = (name: string, args: string[]) => run(...argv(name, args), { cwd: dir });
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const emergencyStop = () => {
    try {
      execFileSync(...argv('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']), { stdio: 'ignore', cwd: dir });
    } catch {
      /* not running */
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', emergencyStop);

  try {
    await tool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  } catch (error) {
    // A worker is not always ended by a normal exit: a failed setup removes its folder now.
    process.off('exit', emergencyStop);
    emergencyStop();
    throw error;
  }
  const self: OwnPostgres = {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return url.replace(/\/postgres$/, `/${name}`);
    },
    async startServer() {
      await tool('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
    },
    async stopServer(mode = 'fast') {
      await tool('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    },
    async stop() {
      await self.stopServer('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
      process.removeListener('exit', emergencyStop);
    },
  };
  try {
    await self.startServer();
  } catch (error) {
    await self.stop();
    throw error;
  }
  return self;
}
