// `npm run bench`: every row of issue 7's table, each as a ratio to (or a bound on) a baseline
// measured in the same run, at demo size and at city size (1,000 Hubs × 24 lockers, 1,000,000
// reservations: tests/bench/city-database.ts seeds it once and reuses it). See docs/benchmarks.md.
import { createTestDatabase } from '../support/database.js';
import { BROWSER_HEADERS, loadAlternating } from './http-load.js';
import { startHub, startProcess } from './bench-process.js';
import type { BenchProcess } from './bench-process.js';
import type { Row } from './report.js';
import { ms, printReport, ratio } from './report.js';
import { ensureCityDatabase } from './city-database.js';
import { measureEmbeddedStart, warmStartCaches } from './start-time.js';
import { firstLoadOfHome } from './page-weight.js';
import { measureWritePath } from './write-path.js';
import type { WritePath } from './write-path.js';
import { measureLive } from './live.js';
import { waitUntilIdle } from './process-idle.js';
import { expireLeftovers } from './leftovers.js';
import { measureDoorFlood } from './door-flood.js';
import type { Live } from './live.js';
import { cityViewportUrl, measureViewportBytes } from './viewport.js';

interface SizeFigures {
  list: number;
  viewport: number;
  viewportMaxBytes: number;
  detail: number;
  detailP99: number;
  write: WritePath | null;
  live: Live | null;
  notes: string[];
}

/** BENCH_ROWS=read measures the read path's rows only (the Hub reads and the map's bytes), for a quick look. */
const READ_ONLY = process.env.BENCH_ROWS === 'read';

/** The public Hub list once the process has projected the seeded Hubs (it listens before that). */
async function listedHubs(url: string): Promise<{ id: string; private: boolean }[]> {
  for (const started = Date.now(); Date.now() - started < 120_000; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const hubs = (await (await fetch(`${url}/api/hubs`)).json()) as { id: string; private: boolean }[];
    if (hubs.length > 0) return hubs;
  }
  throw new Error(`no Hub listed at ${url}/api/hubs within 2 minutes`);
}

const cpu = (l: { clientCpu: number; serverCpu: number | null }) =>
  `load generator ${Math.round(l.clientCpu * 100)} %, server ${l.serverCpu === null ? '?' : Math.round(l.serverCpu * 100)} %`;

async function measureSize(label: string, databaseUrl: string, seedDemo: boolean): Promise<SizeFigures> {
  const notes: string[] = [];
  const leftovers = await expireLeftovers(databaseUrl);
  if (leftovers.expired)
    notes.push(`${label}: expired ${leftovers.expired} unpaid bookings of earlier runs first (${Math.round(leftovers.ms / 1000)} s, untimed)`);
  const hub = await startHub(databaseUrl, seedDemo ? { SEED_DEMO: '1' } : {});
  let hello: BenchProcess | undefined;
  let list, detail, viewport, viewportBytes, hubIds: string[];
  try {
    hello = await startProcess('tests/bench/hello-server.ts', {});
    const hubs = await listedHubs(hub.url);
    // Measured once the Hub process has settled (a process busy starting up, e.g. sweeping,
    // would slow the Hub down while the baseline ran and flatter the ratios).
    const settled = await waitUntilIdle(hub.child.pid!);
    notes.push(
      `${label}: the Hub process settled ${Math.round(settled.settledAfterMs / 1000)} s after listing its Hubs${settled.idle ? '' : ' (still busy after 2 minutes: measured anyway)'}`,
    );
    hubIds = hubs.filter((h) => !h.private).map((h) => h.id);
    const viewportUrl = await cityViewportUrl(hub.url);
    const [baseline, listLoad, detailLoad, viewportLoad] = await loadAlternating([
      { url: `${hello.url}/`, pid: hello.child.pid },
      { url: `${hub.url}/api/hubs`, headers: BROWSER_HEADERS, pid: hub.child.pid },
      { url: `${hub.url}/api/hubs/${hubIds[0]}`, headers: BROWSER_HEADERS, pid: hub.child.pid },
      { url: viewportUrl, headers: BROWSER_HEADERS, pid: hub.child.pid },
    ]);
    if (!baseline || !listLoad || !detailLoad || !viewportLoad) throw new Error('HTTP load: a target has no figures');
    notes.push(
      `${label}: ${viewportUrl.slice(hub.url.length)} ${Math.round(viewportLoad.rps)} req/s (${Math.round(viewportLoad.bytesPerRequest)} B a response), ` +
        `p99 ${viewportLoad.p99} ms, non-2xx: ${viewportLoad.non2xx}; ${cpu(viewportLoad)}`,
    );
    viewport = { ...viewportLoad, ratio: viewportLoad.rps / baseline.rps };
    viewportBytes = await measureViewportBytes(label, hub.url);
    notes.push(viewportBytes.note);
    notes.push(
      `${label}: hello-world ${Math.round(baseline.rps)} req/s; GET /api/hubs ${Math.round(listLoad.rps)} req/s (${hubs.length} Hubs, ${Math.round(listLoad.bytesPerRequest)} B a response), ` +
        `GET /api/hubs/${hubIds[0]} ${Math.round(detailLoad.rps)} req/s, p99 ${detailLoad.p99} ms; non-2xx: ${listLoad.non2xx + detailLoad.non2xx} (three alternating slices of each)`,
    );
    notes.push(`${label}: share of a core used during hello-world: ${cpu(baseline)}; the list: ${cpu(listLoad)}; the detail: ${cpu(detailLoad)}`);
    list = { ...listLoad, ratio: listLoad.rps / baseline.rps };
    detail = { ...detailLoad, ratio: detailLoad.rps / baseline.rps };
  } finally {
    await hello?.stop();
    await hub.stop();
  }
  const figures = { list: list.ratio, viewport: viewport.ratio, viewportMaxBytes: viewportBytes.maxBytes, detail: detail.ratio, detailP99: detail.p99, notes };
  if (READ_ONLY) return { ...figures, write: null, live: null };
  const write = await measureWritePath(databaseUrl, hubIds);
  notes.push(`${label}: ${write.note}`);
  const live = await measureLive(databaseUrl, hubIds, write.bookingRate / 2);
  notes.push(`${label}: ${live.note}`);
  return { ...figures, write, live };
}

/** BENCH_SIZES=demo (or city) measures one size only, for a quick look. */
const SIZES = (process.env.BENCH_SIZES ?? 'demo,city').split(',').map((s) => s.trim());

async function main() {
  const started = Date.now();
  let demo: SizeFigures | null = null;
  let city: SizeFigures | null = null;
  if (SIZES.includes('demo')) {
    const demoDb = await createTestDatabase();
    try {
      demo = await measureSize('demo', demoDb.url, true);
    } finally {
      await demoDb.drop();
    }
  }
  if (SIZES.includes('city')) city = await measureSize('city', await ensureCityDatabase(), false);
  const flood = READ_ONLY ? null : await measureDoorFlood();
  if (!READ_ONLY) await warmStartCaches();
  const start = READ_ONLY ? null : await measureEmbeddedStart({ fresh: true });
  const weight = READ_ONLY ? null : await firstLoadOfHome();

  const rows: Row[] = [
    {
      measure: 'GET /api/hubs req/s ÷ hello-world req/s',
      demo: demo?.list ?? null,
      city: city?.list ?? null,
      target: '≥ 0.5',
      meets: (v) => v >= 0.5,
      format: ratio,
    },
    {
      measure: "GET /api/hubs?bbox (a city's viewport) req/s ÷ hello-world req/s",
      demo: demo?.viewport ?? null,
      city: city?.viewport ?? null,
      target: '≥ 0.8',
      meets: (v) => v >= 0.8,
      format: ratio,
    },
    {
      measure: 'home page data for a viewport, bytes over the wire (max over zooms 0–20)',
      demo: demo ? demo.viewportMaxBytes / 1024 : null,
      city: city ? city.viewportMaxBytes / 1024 : null,
      target: '≤ 30 KB',
      meets: (v) => v <= 30,
      format: (v) => `${v.toFixed(1)} KB`,
    },
    {
      measure: 'GET /api/hubs/{id} req/s ÷ hello-world req/s',
      demo: demo?.detail ?? null,
      city: city?.detail ?? null,
      target: '≥ 0.5',
      meets: (v) => v >= 0.5,
      format: ratio,
    },
    { measure: 'GET /api/hubs/{id} p99', demo: demo?.detailP99 ?? null, city: city?.detailP99 ?? null, target: '≤ 20 ms', meets: (v) => v <= 20, format: ms },
    {
      measure: 'by-size bookings/s (8 clients) ÷ INSERT/s (8 clients)',
      demo: demo?.write?.bookingRatio ?? null,
      city: city?.write?.bookingRatio ?? null,
      target: '≥ 0.25, 0 double bookings',
      meets: (v) => v >= 0.25,
      format: ratio,
    },
    {
      measure: 'double bookings',
      demo: demo?.write?.overlaps ?? null,
      city: city?.write?.overlaps ?? null,
      target: '0',
      meets: (v) => v === 0,
      format: String,
    },
    {
      measure: 'event appends/s ÷ INSERT/s (8 writers)',
      demo: demo?.write?.appendRatio ?? null,
      city: city?.write?.appendRatio ?? null,
      target: '≥ 0.8',
      meets: (v) => v >= 0.8,
      format: ratio,
    },
    {
      measure: 'booking committed → in the read model, p99 (half the max booking rate)',
      demo: demo?.live?.readModelP99 ?? null,
      city: city?.live?.readModelP99 ?? null,
      target: '≤ 50 ms',
      meets: (v) => v <= 50,
      format: ms,
    },
    {
      measure: 'booking → Socket.IO push in a browser, p99',
      demo: demo?.live?.pushP99 ?? null,
      city: city?.live?.pushP99 ?? null,
      target: '≤ 100 ms',
      meets: (v) => v <= 100,
      format: ms,
    },
    {
      measure: 'door check: median of the last 100 ÷ the first 100 (4 × 1,000 signed attempts)',
      demo: flood?.growth ?? null,
      city: null,
      target: '≤ 1.5',
      meets: (v) => v <= 1.5,
      format: ratio,
    },
    { measure: 'door check 5xx (4 concurrent signed attempts)', demo: flood?.fiveXx ?? null, city: null, target: '0', meets: (v) => v === 0, format: String },
    {
      measure: 'embedded `npm start` to the first 200 (fresh data folder)',
      demo: start,
      city: null,
      target: '≤ 3,000 ms',
      meets: (v) => v <= 3000,
      format: ms,
    },
    {
      measure: 'first-load JavaScript of / (gzip)',
      demo: weight ? weight.gzipBytes / 1024 : null,
      city: null,
      target: '≤ 200 KB',
      meets: (v) => v <= 200,
      format: (v) => `${v.toFixed(1)} KB`,
    },
  ];
  printReport(`Hub benchmark — ${new Date().toISOString()}, node ${process.version}, ${Math.round((Date.now() - started) / 1000)} s`, rows, [
    ...(demo?.notes ?? []),
    ...(city?.notes ?? []),
    ...(flood ? [flood.note] : []),
    ...(weight ? [`first load of /: ${weight.files.join(', ')}`] : []),
  ]);
}

await main();
