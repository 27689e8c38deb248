// A door flood (issue 24 item 2): 4 controllers each send 1,000 signed attempts with random wrong
// codes, one after another, at one Hub of a real API process (run/all-in-one.ts on a fresh
// database). Reports the 5xx count and the median latency of the first and the last 100 attempts
// (in completion order): the cost of an attempt must not grow with the day's attempts.
// `npx tsx tests/bench/door-flood.ts` runs it alone; `npm run bench` adds it to its table.
import { randomInt, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { signedHeaders } from '../../api/controller/controller-signature.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { createTestDatabase } from '../support/database.js';
import { waitUntil } from '../support/test-app.js';
import { startHub } from './bench-process.js';
import { BENCH_HUB_SECRET, registerBenchHub } from './booking-bench.js';
import { percentile } from './percentiles.js';

const HUB = 'DF-01';

export interface DoorFlood {
  attempts: number;
  statuses: Record<string, number>;
  fiveXx: number;
  firstMedianMs: number;
  lastMedianMs: number;
  /** Median of the last 100 ÷ median of the first 100. */
  growth: number;
  seconds: number;
  note: string;
}

async function attempt(url: string, code: string): Promise<{ status: number; ms: number }> {
  const path = `/api/otp/validate/${HUB}`;
  const raw = JSON.stringify({ code, request_id: randomUUID() });
  const started = performance.now();
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: signedHeaders(BENCH_HUB_SECRET, path, raw, Date.now()), body: raw });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/** Floods a running Hub process whose database already holds Hub DF-01. */
export async function floodDoor(url: string, controllers = 4, perController = 1000): Promise<DoorFlood> {
  // The API may learn of a new Hub only through its projection (the code before issue 24): wait.
  await waitUntil(async () => (await attempt(url, '000000')).status !== 404, 60_000, 200).catch(() => {
    throw new Error(`Hub ${HUB} unknown to the door check after 60 s`);
  });
  const done: { status: number; ms: number }[] = [];
  const started = Date.now();
  await Promise.all(
    Array.from({ length: controllers }, async () => {
      for (let i = 0; i < perController; i++) done.push(await attempt(url, String(randomInt(100_000, 1_000_000))));
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const statuses: Record<string, number> = {};
  for (const d of done) statuses[d.status] = (statuses[d.status] ?? 0) + 1;
  const fiveXx = done.filter((d) => d.status >= 500).length;
  const firstMedianMs = percentile(
    done.slice(0, 100).map((d) => d.ms),
    50,
  );
  const lastMedianMs = percentile(
    done.slice(-100).map((d) => d.ms),
    50,
  );
  const growth = lastMedianMs / firstMedianMs;
  const note =
    `door flood: ${controllers} × ${perController} signed attempts at one Hub in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(statuses)}; ` +
    `median of the first 100 ${firstMedianMs.toFixed(1)} ms, of the last 100 ${lastMedianMs.toFixed(1)} ms (× ${growth.toFixed(2)})`;
  return { attempts: done.length, statuses, fiveXx, firstMedianMs, lastMedianMs, growth, seconds, note };
}

/** A fresh database, the all-in-one process on it, Hub DF-01 registered, the flood. */
export async function measureDoorFlood(): Promise<DoorFlood> {
  const database = await createTestDatabase();
  try {
    const hub = await startHub(database.url);
    const pool = createPool(database.url, { max: 2 });
    const store = createPostgresEventStore(pool);
    try {
      await registerBenchHub(store, HUB, 1);
      return await floodDoor(hub.url);
    } finally {
      await store.close();
      await pool.end();
      await hub.stop();
    }
  } finally {
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const flood = await measureDoorFlood();
  console.log(flood.note);
  console.log(`5xx: ${flood.fiveXx}; last-100 median ÷ first-100 median: ${flood.growth.toFixed(2)} (target ≤ 1.5)`);
}
