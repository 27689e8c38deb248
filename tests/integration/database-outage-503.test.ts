// Issue 24 item 13: while PostgreSQL restarts, the API answers 503 `unavailable` with Retry-After
// and the standard pt-BR error body (a retry is safe), never 500 `internal`; and logs it as a
// warning, not an unhandled error. The test restarts a PostgreSQL of its own, never the shared one.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../api/seed/seed.js';
import { runMigrations } from '../../infra/db/migrate.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { bookingBody, register, type ApiRenter } from '../support/api-client.js';
import { bullKeys, deleteBullKeys } from '../support/bullmq-keys.js';
import { startCluster, type Cluster } from '../support/cluster.js';
import { errorShapeProblem } from '../support/error-shape.js';
import { waitFor } from '../support/events.js';
import { startOwnPostgres, type OwnPostgres } from '../support/own-servers.js';

const MIN = 60_000;
const HUBS = ['SP-01', 'SP-02', 'SP-03', 'BH-01', 'BH-02', 'BH-03'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  what: string;
  startedAt: number;
  status: number;
  code?: string;
  body: string;
  retryAfter: string | null;
}

describe('issue 24 item 13: a database outage answers 503 with Retry-After, never 500', () => {
  let server: OwnPostgres;
  let databaseUrl: string;
  let db: pg.Pool;
  let cluster: Cluster | undefined;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const queueName = `hub-outage-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    server = await startOwnPostgres();
    databaseUrl = await server.createDatabase('hub');
    await runMigrations(databaseUrl);
    db = createPool(databaseUrl, { max: 2 });
    const store = createPostgresEventStore(db);
    await seedDemoData(db, store);
    await store.close();
    cluster = await startCluster({
      databaseUrl,
      redisUrl,
      queueName,
      counts: { api: 1, projections: 1, workers: 0 },
      env: { MAX_ACTIVE_RESERVATIONS: '100' },
      hubs: HUBS.length,
    });
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await db?.end();
    await server?.stop();
    await deleteBullKeys(redisUrl, queueName);
    expect(await bullKeys(redisUrl, queueName)).toEqual([]);
  }, 30_000);

  /** Books, pays, reads and finalizes in a loop, keeping every answer. */
  async function client(renter: ApiRenter, answers: Answer[], stopped: () => boolean): Promise<void> {
    const call = async (what: string, send: () => Promise<Response>) => {
      const startedAt = Date.now();
      const res = await send();
      const body = await res.text();
      let code: string | undefined;
      try {
        code = (JSON.parse(body) as { error?: { code?: string } }).error?.code;
      } catch {
        code = undefined;
      }
      const answer = { what, startedAt, status: res.status, code, body, retryAfter: res.headers.get('retry-after') };
      answers.push(answer);
      return { ...answer, json: () => JSON.parse(body) as { id: string } };
    };
    // Until it goes through, each step is asked again before the next booking, as an app would:
    // a renter holds one unpaid booking at a time (ADR 0016), and a held locker stays taken.
    const settle = async (what: string, send: () => Promise<Response>, done: (a: Answer) => boolean) => {
      while (!done(await call(what, send)) && !stopped()) await sleep(30);
    };
    let n = 0;
    while (!stopped()) {
      const now = Date.now();
      const booked = await call('book', () =>
        renter.post('/api/reservations/by-size', bookingBody(HUBS[n++ % HUBS.length]!, 'P', now - 10 * MIN, now + 30 * MIN)),
      );
      await call('profile', () => renter.get('/api/users/profile/me'));
      await call('my reservations', () => renter.get(`/api/reservations/user/${renter.id}`));
      if (booked.status !== 201) {
        await sleep(30);
        continue;
      }
      const id = booked.json().id;
      await call('read', () => renter.get(`/api/reservations/${id}`));
      // Paid now, or by an earlier request whose answer was lost, or its window closed: settled.
      await settle(
        'pay',
        () => renter.post(`/api/reservations/${id}/pay`, { method: 'pix' }),
        (a) => a.status === 200 || a.code === 'reservation_not_pending' || a.code === 'payment_window_closed',
      );
      await settle(
        'finalize',
        () => renter.post(`/api/reservations/${id}/finalize`),
        (a) => a.status < 300 || a.code === 'reservation_closed',
      );
    }
  }

  it('during a PostgreSQL restart every request answers 2xx, a business 4xx, or 503 unavailable with Retry-After; none 500', async () => {
    const base = cluster!.byRole('api')[0]!.url;
    const renters = await Promise.all([1, 2, 3].map((i) => register(base, `Queda ${i}`)));
    const answers: Answer[] = [];
    let stop = false;
    const loops = renters.map((r) => client(r, answers, () => stop));
    // Load first, then the outage until the API has refused some of it, then until it heals.
    await waitFor(() => answers.filter((a) => a.status < 300).length >= 20, 30_000);
    const downAt = Date.now();
    await server.stopServer('fast');
    await waitFor(() => answers.some((a) => a.startedAt >= downAt && a.status === 503), 30_000);
    await server.startServer();
    const backAt = Date.now();
    await waitFor(() => answers.some((a) => a.what === 'book' && a.status === 201 && a.startedAt > backAt + 1000), 60_000);
    stop = true;
    await Promise.all(loops);

    const during = answers.filter((a) => a.startedAt >= downAt && a.startedAt < backAt + 1000);
    const count = (test: (a: Answer) => boolean) => answers.filter(test).length;
    console.log(
      `[outage] down ${backAt - downAt} ms; ${answers.length} answers, ${during.length} sent while down or just after: ` +
        `2xx ${count((a) => a.status < 300)}, 503 ${count((a) => a.status === 503)}, 500 ${count((a) => a.status === 500)}, other ${count((a) => a.status >= 300 && a.status !== 503 && a.status !== 500)}`,
    );
    const wrong = answers.filter((a) => {
      if (a.status < 300) return false;
      if (a.status === 409 && a.code === 'no_locker_available') return false; // held lockers whose finalize failed
      if (a.status === 503)
        return a.code !== 'unavailable' || a.retryAfter === null || errorShapeProblem({ statusCode: 400, body: a.body, headers: {} }, 'GET') !== null;
      return true;
    });
    expect(wrong.map((a) => `${a.what} ${a.status} ${a.retryAfter ?? '-'} ${a.body.slice(0, 160)}`)).toEqual([]);
    // The outage was met: some requests were refused with 503, and it healed afterwards.
    expect(count((a) => a.status === 503)).toBeGreaterThan(0);
    expect(count((a) => a.what === 'book' && a.status === 201 && a.startedAt > backAt + 1000)).toBeGreaterThan(0);
    // Logged as a warning about the database, not as an unhandled error.
    const apiLog = cluster!
      .output()
      .split('\n')
      .filter((line) => line.startsWith('[api-1]'));
    expect(apiLog.filter((line) => line.includes('unhandled error'))).toEqual([]);
    expect(apiLog.some((line) => line.includes('database unavailable; answered 503'))).toBe(true);
  }, 60_000);
});
