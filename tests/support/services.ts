// Services mode as separate processes: `api/main.ts`, `projections/main.ts`, `workers/main.ts`,
// each started as the npm scripts start them (tsx), on the database and Redis a test chooses.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { freePort } from '../e2e/support/server.js';
import { waitUntil } from './test-app.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

export const SERVICE_ENTRIES = { api: 'api/main.ts', projections: 'projections/main.ts', workers: 'workers/main.ts' } as const;
export type ServiceName = keyof typeof SERVICE_ENTRIES;

export interface Services {
  baseUrl: string;
  processes: Record<ServiceName, ChildProcess>;
  /** What the processes printed, for failure messages. */
  output(): string;
  /** SIGTERM each (SIGKILL after 10 s) and wait for them to exit. */
  stop(): Promise<void>;
}

export interface ServicesOptions {
  databaseUrl: string;
  redisUrl: string;
  queueName: string;
  env?: Record<string, string>;
  /** Ready once GET /api/hubs/gmv lists this many Hubs (the seeded data is projected). */
  hubs: number;
}

export async function startServices(opts: ServicesOptions): Promise<Services> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    QUEUE_NAME: opts.queueName,
    JWT_SECRET: randomBytes(32).toString('hex'),
    CODE_SECRET: randomBytes(32).toString('hex'),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  let log = '';
  const start = (name: ServiceName) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVICE_ENTRIES[name]], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => {
      log += chunk.toString().replace(/^(?=.)/gm, `[${name}] `);
      if (log.length > 200_000) log = log.slice(-100_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    return child;
  };
  const processes = { api: start('api'), projections: start('projections'), workers: start('workers') };
  const services: Services = {
    baseUrl,
    processes,
    output: () => log,
    async stop() {
      await Promise.all(
        Object.values(processes).map(
          (child) =>
            new Promise((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve(null);
              const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
              child.once('exit', () => resolve(clearTimeout(timer)));
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
  try {
    await waitUntil(async () => {
      for (const [name, child] of Object.entries(processes)) {
        if (child.exitCode !== null) throw new Error(`${name} exited early:\n${log}`);
      }
      try {
        const res = await fetch(`${baseUrl}/api/hubs/gmv`);
        return res.ok && ((await res.json()) as unknown[]).length === opts.hubs;
      } catch {
        return false;
      }
    }, 60_000, 250);
  } catch (error) {
    await services.stop();
    throw error;
  }
  return services;
}
