// `npm start` itself (run/start.mjs: the precompiled server, a new DATA_DIR copied from the
// cached template): the demo Hubs are served, SIGTERM ends every process of the group cleanly,
// and a second start on the same DATA_DIR keeps its data and seeds nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoHubs } from '../../api/seed/demo-data.js';
import { startEmbedded, stopEmbedded, type StartedServer } from '../bench/start-time.js';

// The first start after a change of the sources bundles the server and makes the demo template:
// a few seconds alone, far more while another CI run shares the 2 cores.
const BUSY_START_MS = 180_000;
const started: StartedServer[] = [];
let dataDir = '';

afterAll(async () => {
  for (const server of started) await stopEmbedded(server.child);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function publicHubIds(port: number): Promise<string[]> {
  // Projections follow the seed asynchronously: wait until every public demo Hub is listed.
  const wanted = demoHubs.filter((hub) => !hub.details.private).length;
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`http://127.0.0.1:${port}/api/hubs`);
    const hubs = res.status === 200 ? ((await res.json()) as { id: string }[]) : [];
    if (hubs.length >= wanted) return hubs.map((hub) => hub.id).sort();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the demo Hubs were not listed in time');
}

describe('npm start (embedded)', () => {
  it('serves the demo Hubs from a new DATA_DIR, stops on SIGTERM, and restarts on the same folder without seeding', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hub-npm-start-'));
    const first = await startEmbedded(dataDir, { timeoutMs: BUSY_START_MS });
    started.push(first);
    expect(first.output()).toMatch(/\[hub\] demo data: 8 Hubs, 3 accounts/);
    const ids = await publicHubIds(first.port);
    expect(ids).toEqual(
      demoHubs
        .filter((hub) => !hub.details.private)
        .map((hub) => hub.id)
        .sort(),
    );
    expect(await stopEmbedded(first.child)).toEqual({ forced: false });

    const second = await startEmbedded(dataDir, { timeoutMs: BUSY_START_MS });
    started.push(second);
    expect(await publicHubIds(second.port)).toEqual(ids);
    expect(second.output()).not.toMatch(/demo data/);
  }, 420_000); // two whole starts and a drain: ~20 s alone, minutes beside a second CI run
});
