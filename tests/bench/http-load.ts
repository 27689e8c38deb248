// HTTP load with autocannon, the way the issue measures it: 32 connections for a fixed time,
// requests per second and latency percentiles. autocannon runs in a process of its own
// (load-generator.ts) set up to keep to one core and not to fault, so that a large answer measures
// the server rather than the generator. Two settings, each measured against a bare server sending
// 48 KB (docs/benchmarks.md):
// - glibc's trim threshold raised: each response lands in a fresh 64 KB read buffer, and with the
//   default, in some processes and not others, freed buffers went back to the kernel and were
//   faulted in again (5 page faults and 20 µs of system time per answer; ~22,000 req/s against
//   ~36,000 from one process to the next);
// - V8's garbage collector on the main thread only (--single-threaded-gc): its helper threads took
//   the server's core (the generator used 1.16 cores; 48 KB answers went from ~36,000 to ~66,000
//   req/s once it kept to one, while hello-world stayed at ~85,000).
// Only the load generator gets them; the servers run as deployed.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadAnswer, LoadRequest } from './load-generator.js';
import { treeCpuSeconds } from './process-idle.js';

export interface HttpLoad {
  rps: number;
  p99: number;
  non2xx: number;
  bytesPerRequest: number;
  /** Share of one core used meanwhile by the load generator, and by the server's process tree when its pid is known. */
  clientCpu: number;
  serverCpu: number | null;
}

export const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 8);

const GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));
/** 256 MiB: far above the generator's heap churn, so freed read buffers stay mapped. */
const GENERATOR_MALLOC = 'glibc.malloc.trim_threshold=268435456';
const GENERATOR_V8 = ['--single-threaded-gc'];

type Reply = { ready: true } | { answer: LoadAnswer } | { error: string };

export interface LoadGenerator {
  load(url: string, headers?: Record<string, string>, seconds?: number, options?: { warmUp?: boolean; pid?: number }): Promise<HttpLoad>;
  stop(): void;
}

export async function startLoadGenerator(): Promise<LoadGenerator> {
  // process.execArgv carries tsx's loader into the child.
  const child: ChildProcess = fork(GENERATOR, [], {
    env: { ...process.env, GLIBC_TUNABLES: GENERATOR_MALLOC },
    execArgv: [...process.execArgv, ...GENERATOR_V8],
  });
  const next = () =>
    new Promise<Reply>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the load generator exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (reply: Reply) => {
        child.off('exit', onExit);
        resolve(reply);
      });
    });
  await next();
  const run = async (request: LoadRequest): Promise<LoadAnswer> => {
    const replied = next();
    child.send(request);
    const reply = await replied;
    if ('answer' in reply) return reply.answer;
    throw new Error(`the load generator failed: ${'error' in reply ? reply.error : 'no answer'}`);
  };
  return {
    async load(url, headers = {}, seconds = HTTP_SECONDS, { warmUp = true, pid } = {}) {
      // A short warm-up: JIT, caches and connection pools, as a server that has been running.
      if (warmUp) await run({ url, headers, seconds: 1 });
      const server = pid ? treeCpuSeconds(pid) : 0;
      const answer = await run({ url, headers, seconds });
      return {
        rps: answer.rps,
        p99: answer.p99,
        non2xx: answer.non2xx,
        bytesPerRequest: answer.bytesPerRequest,
        clientCpu: answer.cpuSeconds / answer.elapsedSeconds,
        serverCpu: pid ? (treeCpuSeconds(pid) - server) / answer.elapsedSeconds : null,
      };
    },
    stop: () => void child.kill(),
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
  const generator = await startLoadGenerator();
  try {
    for (let slice = 0; slice < slices; slice++) {
      for (const [i, target] of targets.entries()) {
        runs[i]!.push(await generator.load(target.url, target.headers, HTTP_SECONDS / slices, { warmUp: slice === 0, pid: target.pid }));
      }
    }
  } finally {
    generator.stop();
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
