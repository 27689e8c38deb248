// HTTP load with autocannon, the way the issue measures it: 32 connections for a fixed time,
// requests per second and latency percentiles.
import autocannon from 'autocannon';

export interface HttpLoad {
  rps: number;
  p99: number;
  non2xx: number;
  bytesPerRequest: number;
}

export const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 8);

export async function load(url: string, headers: Record<string, string> = {}, seconds = HTTP_SECONDS): Promise<HttpLoad> {
  // A short warm-up: JIT, caches and connection pools, as a server that has been running.
  await autocannon({ url, connections: 32, duration: 1, headers });
  const result = await autocannon({ url, connections: 32, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

/** What a browser sends: compressed bodies accepted. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
