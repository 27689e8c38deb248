// HTTP load with autocannon, the way the issue measures it: 32 connections for a fixed time,
// requests per second and latency percentiles.
import autocannon from 'autocannon';
import { treeCpuSeconds } from './process-idle.js';

export interface HttpLoad {
  rps: number;
  p99: number;
  non2xx: number;
  bytesPerRequest: number;
  /** Share of one core used meanwhile by the load generator (this process), and by the server's process tree when its pid is known. */
  clientCpu: number;
  serverCpu: number | null;
}

export const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 8);

/**
 * autocannon appends every response body to a JavaScript string, which decodes a compressed body
 * slowly enough to become the limit (1,189 req/s for 47 KB of random bytes from a bare Fastify,
 * against 13,965 for 47 KB of text). Bodies are only counted, never kept: the same for every
 * server measured, the baseline included.
 */
const discardBodies = (client: unknown) => {
  (client as { pipelinedRequests: { addBody: (data: unknown) => void } }).pipelinedRequests.addBody = () => {};
};

export async function load(url: string, headers: Record<string, string> = {}, seconds = HTTP_SECONDS, { warmUp = true, pid }: { warmUp?: boolean; pid?: number } = {}): Promise<HttpLoad> {
  const options = { url, connections: 32, headers, setupClient: discardBodies };
  // A short warm-up: JIT, caches and connection pools, as a server that has been running.
  if (warmUp) await autocannon({ ...options, duration: 1 });
  // Which side was the limit: both share the machine's two cores.
  const [client, server, started] = [process.cpuUsage(), pid ? treeCpuSeconds(pid) : 0, performance.now()];
  const result = await autocannon({ ...options, duration: seconds });
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(client);
  return {
    clientCpu: (used.user + used.system) / 1e6 / elapsed,
    serverCpu: pid ? (treeCpuSeconds(pid) - server) / elapsed : null,
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

export interface Target {
  url: string;
  headers?: Record<string, string>;
  /** The server's pid, to report the share of a core it used. */
  pid?: number;
}

/**
 * Several targets loaded in turn, `slices` times each (HTTP_SECONDS in all per target, each warmed
 * up once), so that a burst of load elsewhere on the shared machine hits every target alike and
 * their ratios hold. Per target: mean req/s over its slices, the worst slice's p99.
 */
export async function loadAlternating(targets: Target[], slices = 3): Promise<HttpLoad[]> {
  const runs: HttpLoad[][] = targets.map(() => []);
  for (let slice = 0; slice < slices; slice++) {
    for (const [i, target] of targets.entries()) runs[i]!.push(await load(target.url, target.headers, HTTP_SECONDS / slices, { warmUp: slice === 0, pid: target.pid }));
  }
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  return runs.map((loads) => ({
    rps: mean(loads.map((l) => l.rps)),
    clientCpu: mean(loads.map((l) => l.clientCpu)),
    serverCpu: loads[0]?.serverCpu === null ? null : mean(loads.map((l) => l.serverCpu ?? 0)),
    p99: Math.max(...loads.map((l) => l.p99)),
    non2xx: loads.reduce((sum, l) => sum + l.non2xx, 0),
    bytesPerRequest: mean(loads.map((l) => l.bytesPerRequest)),
  }));
}

/** What a browser sends: compressed bodies accepted. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
