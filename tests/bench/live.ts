// "Live in milliseconds": booking committed → read model (projections in their own process), and
// booking → Socket.IO push in a browser (the all-in-one process, booked through HTTP).
import { randomUUID } from 'node:crypto';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { startHub } from './bench-process.js';
import { benchDeps } from './write-path.js';
import { windowBookings, windowsForRun } from './booking-windows.js';
import { measurePush } from './push-latency.js';
import { measureReadModelLag } from './read-model-lag.js';

export interface Live {
  readModelP99: number;
  pushP99: number;
  note: string;
}

const LAG_SECONDS = Number(process.env.BENCH_LAG_SECONDS ?? 5);

export async function measureLive(databaseUrl: string, hubIds: string[], rate: number): Promise<Live> {
  const pool = createPool(databaseUrl, { max: 10 });
  // Appends here wake nothing in this process: the projections run in another one.
  const store = createPostgresEventStore(pool);
  let lag;
  try {
    lag = await measureReadModelLag(databaseUrl, rate, LAG_SECONDS, windowBookings(benchDeps(pool, store), hubIds));
  } finally {
    await store.close();
    await pool.end();
  }

  const hub = await startHub(databaseUrl);
  let push;
  try {
    const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
    const res = await fetch(`${hub.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', email, phone: '(11) 98765-4321', password: 'bench-secret' }),
    });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    const pushHubs = hubIds.slice(0, 5);
    const window = windowsForRun(pushHubs);
    let i = 0;
    push = await measurePush(hub.url, pushHubs, {
      async book(hubId) {
        const w = window(i++);
        const answer = await fetch(`${hub.url}/api/reservations/by-size`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ hub_id: hubId, size: 'P', start_time: w.start.toISOString(), end_time: w.end.toISOString() }),
        });
        if (answer.status !== 201) throw new Error(`booking failed: ${answer.status} ${await answer.text()}`);
      },
    });
  } finally {
    await hub.stop();
  }
  return {
    readModelP99: lag.p99,
    pushP99: push.p99,
    note:
      `read model: ${lag.samples} bookings at ${rate.toFixed(0)}/s, p50 ${lag.p50.toFixed(1)} ms, p99 ${lag.p99.toFixed(1)} ms (${lag.failed} failed); ` +
      `push: p50 ${push.p50.toFixed(1)} ms, p99 ${push.p99.toFixed(1)} ms (${push.missed} missed)`,
  };
}
