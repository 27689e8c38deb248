// Services mode with replicas: N API, projection and worker processes started as the npm
// scripts start them (tsx); tests/support/services.ts is one of each. Every process
// gets its own port (API) or HEALTH_PORT (projections, workers) so a test can ask each one
// GET /api/health/ready, stop it with SIGTERM (timing the exit) or kill it with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { freePort } from '../e2e/support/server.js';
import { waitUntil } from './test-app.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

export const SERVICE_ENTRIES = { api: 'api/main.ts', projections: 'projections/main.ts', workers: 'workers/main.ts' } as const;
export type ServiceName = keyof typeof SERVICE_ENTRIES;

export interface Member {
  name: string;
  role: ServiceName;
  child: ChildProcess;
  /** http://127.0.0.1:port of its API (role api) or of its health server (the others). */
  url: string;
  exited: Promise<void>;
}

export interface Cluster {
  members: Member[];
  byRole(role: ServiceName): Member[];
  output(): string;
  /** SIGTERM one process; resolves with the milliseconds until it exited (SIGKILL after 15 s). */
  terminate(member: Member): Promise<number>;
  /** SIGTERM every process still running, at once; resolves with each one's exit time. */
  stop(): Promise<Map<string, number>>;
}

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl: string;
  queueName: string;
  counts: Record<ServiceName, number>;
  env?: Record<string, string>;
  /** Ready once GET /api/hubs/gmv on every API process lists this many Hubs. */
  hubs: number;
}

/** Every child still running: killed when the test process exits, so a failed test leaves none behind. */
const children = new Set<ChildProcess>();
process.once('exit', () => children.forEach((child) => child.kill('SIGKILL')));

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const shared = {
    ...process.env,
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    QUEUE_NAME: opts.queueName,
    JWT_SECRET: randomBytes(32).toString('hex'),
    CODE_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  let log = '';
  const members: Member[] = [];
  for (const role of ['projections', 'workers', 'api'] as const) {
    for (let i = 1; i <= opts.counts[role]; i++) {
      const port = await freePort();
      const env = role === 'api' ? { ...shared, PORT: String(port) } : { ...shared, HEALTH_PORT: String(port) };
      const name = `${role}-${i}`;
      const child = spawn(process.execPath, ['--import', 'tsx', SERVICE_ENTRIES[role]], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const collect = (chunk: Buffer) => {
        log += chunk.toString().replace(/^(?=.)/gm, `[${name}] `);
        if (log.length > 200_000) log = log.slice(-100_000);
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      children.add(child);
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve(void children.delete(child))));
      members.push({ name, role, child, url: `http://127.0.0.1:${port}`, exited });
    }
  }
  const running = (member: Member) => member.child.exitCode === null && member.child.signalCode === null;
  const terminate = async (member: Member) => {
    if (!running(member)) return 0;
    const started = Date.now();
    const timer = setTimeout(() => member.child.kill('SIGKILL'), 15_000);
    member.child.kill('SIGTERM');
    await member.exited;
    clearTimeout(timer);
    return Date.now() - started;
  };
  const cluster: Cluster = {
    members,
    byRole: (role) => members.filter((member) => member.role === role),
    output: () => log,
    terminate,
    async stop() {
      const times = await Promise.all(members.map(async (member) => [member.name, await terminate(member)] as const));
      return new Map(times);
    },
  };
  try {
    await waitUntil(
      async () => {
        for (const member of members) if (!running(member)) throw new Error(`${member.name} exited early:\n${log}`);
        for (const member of members) {
          try {
            if (member.role === 'api') {
              const res = await fetch(`${member.url}/api/hubs/gmv`);
              if (!res.ok || ((await res.json()) as unknown[]).length !== opts.hubs) return false;
            } else if (!(await fetch(`${member.url}/api/health/ready`)).ok) return false;
          } catch {
            return false;
          }
        }
        return true;
      },
      90_000,
      250,
    );
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}

/** What a projection process's /api/health/ready says it leads. */
export async function leadsOf(member: Member): Promise<string[]> {
  try {
    const res = await fetch(`${member.url}/api/health/ready`);
    return ((await res.json()) as { leading?: string[] }).leading ?? [];
  } catch {
    return [];
  }
}
