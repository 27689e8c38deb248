// Booking committed → visible in the read model, with the projections in their own process
// (services mode), at a fixed arrival rate (open loop: a booking starts on schedule whether or not
// the previous one has finished). The clock starts when the append has returned, so commit is
// behind it; a watcher reads the checkpoints every millisecond on its own connection.
import pg from 'pg';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import { comparePositions } from '../../infra/eventstore/port.js';
import { projectorNames } from '../../projections/all.js';
import { startQuietProcess } from './bench-process.js';
import { percentile } from './percentiles.js';

export type BookOnce = (i: number) => Promise<GlobalPosition | null>;

interface Waiter {
  position: GlobalPosition;
  resolve: () => void;
}

function checkpointWatcher(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const waiters = new Set<Waiter>();
  let stopped = false;
  const run = async () => {
    await client.connect();
    while (!stopped) {
      if (waiters.size) {
        const { rows } = await client.query<{ name: string; tx: string; seq: string }>('SELECT name, tx, seq FROM projection_checkpoints');
        const positions = projectorNames.map((name) => rows.find((r) => r.name === name)).map((r) => (r ? { tx: BigInt(r.tx), seq: BigInt(r.seq) } : null));
        for (const waiter of waiters) {
          if (positions.every((p) => p !== null && comparePositions(p, waiter.position) >= 0)) {
            waiters.delete(waiter);
            waiter.resolve();
          }
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await client.end();
  };
  const running = run();
  return {
    until: (position: GlobalPosition) => new Promise<void>((resolve) => waiters.add({ position, resolve })),
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

export interface ReadModelLag {
  p50: number;
  p99: number;
  samples: number;
  failed: number;
}

export async function measureReadModelLag(databaseUrl: string, ratePerSecond: number, seconds: number, book: BookOnce): Promise<ReadModelLag> {
  const projections = await startQuietProcess('projections/main.ts', { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }, '[projections] running');
  const watcher = checkpointWatcher(databaseUrl);
  const lags: number[] = [];
  let failed = 0;
  try {
    const total = Math.max(1, Math.round(ratePerSecond * seconds));
    const started = performance.now();
    await Promise.all(
      Array.from({ length: total }, async (_, i) => {
        const due = started + (i * 1000) / ratePerSecond;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        const position = await book(i).catch(() => null);
        if (!position) return void failed++;
        const committed = performance.now();
        await watcher.until(position);
        lags.push(performance.now() - committed);
      }),
    );
  } finally {
    await watcher.stop();
    await projections.stop();
  }
  return { p50: percentile(lags, 50), p99: percentile(lags, 99), samples: lags.length, failed };
}
