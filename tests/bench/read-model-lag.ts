// Booking committed → visible in the read model, with the projections in their own process
// (services mode), at a fixed arrival rate (open loop: a booking starts on schedule whether or not
// the previous one has finished). The clock starts when the append has returned, so commit is
// behind it; it stops when every projector's checkpoint has passed the booking, seen as the API's
// read-your-writes wait sees it.
import pg from 'pg';
import type { GlobalPosition } from '../../infra/eventstore/port.js';
import { createPool } from '../../infra/db/pool.js';
import { wakeupsFor } from '../../infra/eventstore/pg-wakeups.js';
import { waitForCheckpoints } from '../../projections/checkpoint-wait.js';
import { projectorNames } from '../../projections/all.js';
import { startQuietProcess } from './bench-process.js';
import { percentile } from './percentiles.js';

export type BookOnce = (i: number) => Promise<GlobalPosition | null>;

/**
 * Waits as the API does for read-your-writes (projections/checkpoint-wait.ts): woken by the
 * projection process's NOTIFY after each batch it commits, with a slow safety poll. Polling the
 * checkpoints every millisecond instead made ~1,000 queries/s that took CPU from the very
 * projections being measured on this 2-core machine.
 */
function checkpointWatcher(databaseUrl: string) {
  const pool = createPool(databaseUrl, { max: 2 });
  const stopListening = wakeupsFor(pool).listen();
  return {
    until: async (position: GlobalPosition) => {
      if (!(await waitForCheckpoints(pool, projectorNames, position, 60_000))) throw new Error('read model: no checkpoint reached the booking within 60 s');
    },
    stop: async () => {
      await stopListening();
      await pool.end();
    },
  };
}

async function lastPosition(databaseUrl: string): Promise<GlobalPosition | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tx: string; seq: string }>(
      'SELECT tx_id::text AS tx, seq::text AS seq FROM events ORDER BY tx_id DESC, seq DESC LIMIT 1',
    );
    return rows[0] ? { tx: BigInt(rows[0].tx), seq: BigInt(rows[0].seq) } : null;
  } finally {
    await client.end();
  }
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
  let next = 0;
  // Open loop: `seconds` of bookings at the rate; booking i starts on schedule whatever came before.
  const run = async (seconds: number, record: boolean) => {
    const total = Math.max(1, Math.round(ratePerSecond * seconds));
    const started = performance.now();
    await Promise.all(
      Array.from({ length: total }, async (_, k) => {
        const due = started + (k * 1000) / ratePerSecond;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        const position = await book(next++).catch(() => null);
        if (!position) return void (record && failed++);
        const committed = performance.now();
        await watcher.until(position);
        if (record) lags.push(performance.now() - committed);
      }),
    );
  };
  try {
    // The new process first catches up with what earlier measures wrote, then warms up (JIT,
    // connections, prepared statements): neither is the steady state being measured.
    const end = await lastPosition(databaseUrl);
    if (end) await watcher.until(end);
    await run(1, false);
    await run(seconds, true);
  } finally {
    await watcher.stop();
    await projections.stop();
  }
  return { p50: percentile(lags, 50), p99: percentile(lags, 99), samples: lags.length, failed };
}
