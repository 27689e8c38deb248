// Lighthouse 12's mobile performance (its default slow-4G and 4× CPU simulation) on the pages a
// visit starts on: /, a Hub's page and /login, against `npm start` in embedded mode (demo data, a
// new DATA_DIR, no Google Maps key). Lighthouse is not a dependency of the project: install it
// elsewhere and name its CLI, e.g.
//
//   (cd /some/folder && npm i lighthouse@12)
//   npm run build && LIGHTHOUSE=/some/folder/node_modules/.bin/lighthouse npx tsx tests/bench/phone-lighthouse.ts
//
// CHROMIUM_PATH (default /usr/bin/chromium) and LIGHTHOUSE_RUNS (default 3) are read;
// LIGHTHOUSE_BASE_URL measures a server already running there (demo data: /hubs/BH-01 exists)
// instead of starting one. Prints each run and the median of each page; run it on an idle machine
// (the simulation scales what it sees).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbedded, stopEmbedded } from './start-time.js';

const PAGES = ['/', '/hubs/BH-01', '/login'];

interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
}

interface LighthouseReport {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue: number }>;
}

/** One Lighthouse run; its Chromium profile goes into `scratch`, removed by the caller. */
function lighthouse(bin: string, url: string, scratch: string): Promise<Figures> {
  const args = [
    url,
    `--chrome-path=${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'}`,
    '--chrome-flags=--headless=new --no-sandbox',
    '--only-categories=performance',
    '--form-factor=mobile',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env: { ...process.env, TMPDIR: scratch }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code}:\n${err}`));
      const report = JSON.parse(out) as LighthouseReport;
      const value = (id: string) => report.audits[id]!.numericValue;
      resolve({
        score: Math.round(report.categories.performance.score * 100),
        fcpMs: value('first-contentful-paint'),
        lcpMs: value('largest-contentful-paint'),
        tbtMs: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        siMs: value('speed-index'),
      });
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const line = (label: string, f: Figures) =>
  `${label.padEnd(22)} performance ${String(f.score).padStart(3)}  FCP ${Math.round(f.fcpMs)} ms  LCP ${Math.round(f.lcpMs)} ms  TBT ${Math.round(f.tbtMs)} ms  CLS ${f.cls.toFixed(3)}  SI ${Math.round(f.siMs)} ms`;

async function main() {
  const bin = process.env.LIGHTHOUSE;
  if (!bin) throw new Error('set LIGHTHOUSE to a Lighthouse 12 CLI installed outside the project (see the top of this file)');
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const scratch = await mkdtemp(join(tmpdir(), 'hub-lighthouse-'));
  const given = process.env.LIGHTHOUSE_BASE_URL?.replace(/\/+$/, '');
  const server = given ? null : await startEmbedded(join(scratch, 'data'));
  try {
    const base = given ?? `http://127.0.0.1:${server!.port}`;
    // One unmeasured visit each: the first request of a page may still warm the server's caches.
    for (const page of PAGES) await (await fetch(`${base}${page}`)).arrayBuffer();
    for (const page of PAGES) {
      const all: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        all.push(await lighthouse(bin, `${base}${page}`, scratch));
        console.log(line(`${page} run ${i + 1}`, all.at(-1)!));
      }
      const pick = (key: keyof Figures) => median(all.map((f) => f[key]));
      console.log(
        line(`${page} median`, {
          score: pick('score'),
          fcpMs: pick('fcpMs'),
          lcpMs: pick('lcpMs'),
          tbtMs: pick('tbtMs'),
          cls: pick('cls'),
          siMs: pick('siMs'),
        }),
      );
    }
  } finally {
    if (server) await stopEmbedded(server.child);
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
