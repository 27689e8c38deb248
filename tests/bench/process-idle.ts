// Waits until a started server has settled: a Hub process listens before its start-up work is
// done (the first sweep expiring what earlier runs left unpaid, projections and the change feed
// catching up, the in-memory Hubs reloading), and a measure taken meanwhile measures that work.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** The process and its descendants (tsx runs the server in a child of its own). */
function tree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    // pgrep exits 1 when there are none
  }
  return [pid, ...children.flatMap(tree)];
}

/** CPU seconds used so far by a process and its descendants. */
export const treeCpuSeconds = (pid: number): number => cpuSeconds(tree(pid));

/** CPU seconds used so far by the processes (utime + stime of /proc/<pid>/stat). */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** Resolves once the process tree used under `share` of one core over a whole second (or after `timeoutMs`). */
export async function waitUntilIdle(pid: number, { share = 0.1, timeoutMs = 120_000 } = {}): Promise<{ settledAfterMs: number; idle: boolean }> {
  const started = Date.now();
  let before = cpuSeconds(tree(pid));
  while (Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(tree(pid));
    if (now - before < share) return { settledAfterMs: Date.now() - started, idle: true };
    before = now;
  }
  return { settledAfterMs: Date.now() - started, idle: false };
}
