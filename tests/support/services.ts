// Services mode as separate processes: `api/main.ts`, `projections/main.ts`, `workers/main.ts`,
// one of each, started as the npm scripts start them (tsx), on the database and Redis a test
// chooses: the replicas cluster of tests/support/cluster.ts with a count of one.
import type { ChildProcess } from 'node:child_process';
import { startCluster, type ServiceName } from './cluster.js';

export { SERVICE_ENTRIES, type ServiceName } from './cluster.js';

export interface Services {
  baseUrl: string;
  processes: Record<ServiceName, ChildProcess>;
  /** What the processes printed, for failure messages. */
  output(): string;
  /** SIGTERM each (SIGKILL after 15 s) and wait for them to exit. */
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
  const cluster = await startCluster({ ...opts, counts: { api: 1, projections: 1, workers: 1 } });
  const only = (role: ServiceName) => cluster.byRole(role)[0]!;
  return {
    baseUrl: only('api').url,
    processes: { api: only('api').child, projections: only('projections').child, workers: only('workers').child },
    output: () => cluster.output(),
    async stop() {
      await cluster.stop();
    },
  };
}
