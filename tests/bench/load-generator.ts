// The HTTP load generator of `npm run bench`, alone in a process of its own (http-load.ts forks
// it): autocannon, 32 connections, asked over IPC for one load at a time. It reports its own CPU
// use so the bench can tell which side was the limit.
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  seconds: number;
}

export interface LoadAnswer {
  rps: number;
  p99: number;
  non2xx: number;
  bytesPerRequest: number;
  /** CPU seconds this process used during the measured load, and the load's wall seconds. */
  cpuSeconds: number;
  elapsedSeconds: number;
}

/**
 * autocannon appends every response body to a JavaScript string, which decodes a compressed body
 * slowly enough to become the limit (1,189 req/s for 47 KB of random bytes from a bare Fastify,
 * against 13,965 for 47 KB of text). Bodies are only counted, never kept: the same for every
 * server measured, the baseline included.
 */
const discardBodies = (client: unknown) => {
  (client as { pipelinedRequests: { addBody: (data: unknown) => void } }).pipelinedRequests.addBody = () => {};
};

async function run({ url, headers, seconds }: LoadRequest): Promise<LoadAnswer> {
  const [cpu, started] = [process.cpuUsage(), performance.now()];
  const result = await autocannon({ url, connections: 32, headers, setupClient: discardBodies, duration: seconds });
  const used = process.cpuUsage(cpu);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
    cpuSeconds: (used.user + used.system) / 1e6,
    elapsedSeconds: (performance.now() - started) / 1000,
  };
}

process.on('message', (request: LoadRequest) => {
  run(request).then(
    (answer) => process.send!({ answer }),
    (error: unknown) => process.send!({ error: String(error) }),
  );
});
process.send!({ ready: true });
