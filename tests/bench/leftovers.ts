// The bench books thousands of reservations it never pays for. Fifteen minutes later their
// payment windows close, and the next process that sweeps (a Hub process started by a later run
// on the reused city database) spends minutes expiring them while it is being measured: at 16:24
// on 2026-11-26 one swept 32,297 of them through a run's HTTP rows (hello-world 8,584 req/s
// instead of ~50,000). So before a size is measured, the bench runs the sweeper's own round
// (workers/sweep-overdue.ts) and projects the result: untimed, and nothing when runs follow each
// other within the window.
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { activeProjectors } from '../../projections/all.js';
import { catchUp } from '../../projections/runner.js';
import { sweepOverdue } from '../../workers/sweep-overdue.js';

/** Expires every reservation overdue now and projects it; returns how many, and the ms it took. */
export async function expireLeftovers(databaseUrl: string): Promise<{ expired: number; ms: number }> {
  const started = performance.now();
  const pool = createPool(databaseUrl, { max: 2 });
  const store = createPostgresEventStore(pool, { listen: false });
  const project = async () => {
    for (const projector of activeProjectors()) await catchUp(pool, store, projector);
  };
  try {
    await project(); // the read model says what is due
    const expired = await sweepOverdue({ db: pool, store, clock: () => new Date() }, { causationId: 'bench-leftovers' });
    if (expired) await project();
    return { expired, ms: performance.now() - started };
  } finally {
    await store.close();
    await pool.end();
  }
}
