// Issue 12's acceptance: services mode with replicas of every role on one PostgreSQL and Redis.
// 2 API, 3 projection and 2 worker processes under 16 renters booking, paying and finalizing for
// 30 s, first with the default batch size, then with batch size 1 and a kill -9 of the process
// leading a projector. A test-only projector sums every payment (a write that is not idempotent):
// its total must equal the log's, with no deadlock, no checkpoint moving backwards (a trigger in
// this database records any), no reservation read back older than the API's answer, and read
// models equal to a rebuild. Then a login limit holds across two API processes, and SIGTERM under
// load ends every process within 10 s with no accepted request failing.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../api/auth/users.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { activeProjectors } from '../../projections/all.js';
import { PAYMENT_SUM_TABLE_SQL } from '../../projections/testing/payment-sum-projector.js';
import { percentile, runBookingLoad, type LoadResult, type Renter } from '../support/booking-load.js';
import { removeClusterKeys } from '../support/bullmq-keys.js';
import { leadsOf, startCluster, type Cluster } from '../support/cluster.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { runRebuildScript, snapshotReadModels } from '../support/read-models.js';
import { registerHub, waitUntil } from '../support/test-app.js';
import { backwardCheckpoints, recordBackwardCheckpoints } from '../support/checkpoint-guard.js';

const LOAD_MS = 30_000;
const HUBS = ['RP-01', 'RP-02', 'RP-03'];
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const queueName = `hub-rep-${randomUUID().slice(0, 8)}`;
// Fixed secrets: a token issued by one cluster stays good with the next one on this database.
const testEnv = {
  HUB_TEST_PAYMENT_SUM_PROJECTOR: '1',
  SWEEP_INTERVAL_MS: '2000',
  JWT_SECRET: randomBytes(32).toString('hex'),
  CODE_SECRET: randomBytes(32).toString('hex'),
};
const projectorNames = activeProjectors(testEnv).map((p) => p.name);

let database: TestDatabase;
let db: pg.Pool;
let cluster: Cluster | undefined;
const renters: (Renter & { email: string })[] = [];

const one = async <T extends pg.QueryResultRow>(sql: string) => (await db.query<T>(sql)).rows[0]!;
const deadlocks = async () => Number((await one<{ n: string }>('SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()')).n);

/** Every projector has applied everything in the log. */
const caughtUp = () =>
  waitUntil(
    async () => {
      const { rows } = await db.query<{ behind: boolean }>(
        `SELECT coalesce(c.tx, 0)::text::xid8 < e.tx_id OR (coalesce(c.tx, 0)::text::xid8 = e.tx_id AND coalesce(c.seq, 0) < e.seq) AS behind
         FROM unnest($1::text[]) n(name) LEFT JOIN projection_checkpoints c ON c.name = n.name,
              (SELECT tx_id, seq FROM events ORDER BY tx_id DESC, seq DESC LIMIT 1) e`,
        [projectorNames],
      );
      return rows.every((row) => !row.behind);
    },
    30_000,
    100,
  );

/** The payment projector's total against the log's own sum. */
async function expectExactSum() {
  await caughtUp();
  const truth = await one<{ total: string; n: string }>(
    `SELECT coalesce(sum((data->>'amountCents')::bigint), 0) AS total, count(*) AS n FROM events WHERE type = 'PaymentConfirmed'`,
  );
  const summed = await one<{ total: string; n: string }>(
    'SELECT coalesce(max(total_cents), 0) AS total, coalesce(max(payments), 0) AS n FROM test_payment_sum',
  );
  expect({ total: summed.total, n: summed.n }).toEqual({ total: truth.total, n: truth.n });
  return Number(truth.n);
}

async function login(base: string, email: string, password: string) {
  return fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
}

async function load(apis: string[], ms: number, during?: () => Promise<void>) {
  const end = Date.now() + ms;
  const [result] = await Promise.all([runBookingLoad({ apis, renters, hubIds: HUBS, until: () => Date.now() < end }), during?.()]);
  return result;
}

function expectClean(result: LoadResult, label: string) {
  console.log(
    `[replicas] ${label}: ${result.bookings} bookings, ${result.payments} payments, ${result.finalized} finalized, ${result.conflicts} conflicts; ` +
      `booking p50 ${percentile(result.bookingMs, 50)} ms, p99 ${percentile(result.bookingMs, 99)} ms`,
  );
  expect(result.failures).toEqual([]);
  expect(result.staleReads).toEqual([]);
  expect(result.bookings).toBeGreaterThan(renters.length);
}

async function startReplicas(env: Record<string, string> = {}) {
  await cluster?.stop(); // left running by a test that failed before stopping it
  cluster = await startCluster({
    databaseUrl: database.url,
    redisUrl,
    queueName,
    counts: { api: 2, projections: 3, workers: 2 },
    env: { ...testEnv, ...env },
    hubs: HUBS.length,
  });
  // Every projector is led by exactly one process, and each process leads its share (⌈projectors ÷ 3⌉).
  const wanted = JSON.stringify([...projectorNames].sort());
  const share = Math.ceil(projectorNames.length / 3);
  const c = cluster;
  await waitUntil(
    async () => {
      const leads = await Promise.all(c.byRole('projections').map(leadsOf));
      return JSON.stringify(leads.flat().sort()) === wanted && leads.every((names) => names.length <= share);
    },
    15_000,
    200,
  );
  return cluster;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = createPool(database.url, { max: 4 });
  await db.query(PAYMENT_SUM_TABLE_SQL);
  await recordBackwardCheckpoints(db);
  const store = createPostgresEventStore(db);
  for (const hub of HUBS)
    await registerHub(
      store,
      hub,
      Array.from({ length: 8 }, () => ({ size: 'M' as const, priceCents: 700 })),
    );
  await store.close();
  for (let i = 0; i < 16; i++) {
    const email = `carga${i}-${randomUUID().slice(0, 6)}@example.com`;
    await createUser(db, { name: `Carga ${i}`, email, phone: '11987654321', password: 'segredo123' });
    renters.push({ email, token: '' });
  }
}, 60_000);

afterAll(async () => {
  await cluster?.stop();
  await db?.end();
  await database?.drop();
  expect(await removeClusterKeys(redisUrl, queueName)).toEqual([]);
}, 60_000);

describe('services mode with replicas: 2 API, 3 projection and 2 worker processes', () => {
  it('with the default batch size: sums exact, no deadlock, no checkpoint backwards, reads never older than the answer; SIGTERM drains', async () => {
    const c = await startReplicas();
    const apis = c.byRole('api').map((m) => m.url);
    for (const [i, renter] of renters.entries()) {
      const res = await login(apis[i % 2]!, renter.email, 'segredo123');
      renter.token = ((await res.json()) as { token: string }).token;
    }
    const deadlocksBefore = await deadlocks();
    expectClean(await load(apis, LOAD_MS), 'default batch size');
    expect(await expectExactSum()).toBeGreaterThan(renters.length);
    const times = await c.stop();
    cluster = undefined;
    console.log(`[replicas] SIGTERM when idle: ${JSON.stringify(Object.fromEntries(times))} ms`);
    for (const [name, ms] of times) expect(ms, name).toBeLessThan(10_000);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // statistics reach pg_stat_database
    expect(await deadlocks()).toBe(deadlocksBefore);
    expect(await backwardCheckpoints(db)).toEqual([]);
  }, 180_000);

  it('with batch size 1, and a kill -9 of a leader: another leads within 5 s, nothing applied twice or skipped', async () => {
    const c = await startReplicas({ PROJECTION_BATCH_SIZE: '1' });
    const apis = c.byRole('api').map((m) => m.url);
    const deadlocksBefore = await deadlocks();
    let takeoverMs = -1;
    const killLeader = async () => {
      await new Promise((resolve) => setTimeout(resolve, LOAD_MS / 2));
      const projections = c.byRole('projections');
      const leader = (await Promise.all(projections.map(async (m) => ((await leadsOf(m)).includes('test_payment_sum') ? m : undefined)))).find(Boolean)!;
      const led = await leadsOf(leader);
      leader.child.kill('SIGKILL');
      const killed = Date.now();
      await leader.exited;
      const others = projections.filter((m) => m !== leader);
      await waitUntil(
        async () => {
          const now = (await Promise.all(others.map(leadsOf))).flat();
          return led.every((name) => now.includes(name));
        },
        10_000,
        50,
      );
      takeoverMs = Date.now() - killed;
    };
    expectClean(await load(apis, LOAD_MS, killLeader), 'batch size 1');
    console.log(`[replicas] takeover after kill -9 of the test_payment_sum leader: ${takeoverMs} ms`);
    expect(takeoverMs).toBeGreaterThanOrEqual(0);
    expect(takeoverMs).toBeLessThanOrEqual(5_000);
    await expectExactSum();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await deadlocks()).toBe(deadlocksBefore);
    expect(await backwardCheckpoints(db)).toEqual([]);
  }, 180_000);

  it('a login limit holds across two API processes, and SIGTERM under load ends every process within 10 s with no accepted request failing', async () => {
    const c = cluster!;
    const apis = c.byRole('api').map((m) => m.url);
    // Per address and e-mail, 10 a minute (the rate-limit plugin, counted in Redis): alternating
    // between the processes, the 11th is refused. (After 5 failures the account's own growing
    // delay, kept in PostgreSQL, answers 429 login_throttled first.) Counted per process, each
    // would have seen 6 and let all 12 through.
    const email = `ninguem-${randomUUID().slice(0, 8)}@example.com`;
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await login(apis[i % 2]!, email, 'errada123');
      codes.push(`${res.status} ${((await res.json()) as { error: { code: string } }).error.code}`);
    }
    expect(
      codes.slice(0, 10).filter((code) => code.endsWith('rate_limited')),
      codes.join(', '),
    ).toEqual([]);
    expect(codes.slice(10), codes.join(', ')).toEqual(['429 rate_limited', '429 rate_limited']);

    let times = new Map<string, number>();
    const result = await load(apis, 8_000, async () => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      times = await c.stop();
    });
    cluster = undefined;
    console.log(
      `[replicas] SIGTERM under load: ${JSON.stringify(Object.fromEntries(times))} ms; ${result.bookings} bookings, ${result.refused} refused once draining`,
    );
    for (const [name, ms] of times) expect(ms, name).toBeLessThan(10_000);
    expect(result.failures).toEqual([]);
    expect(result.bookings).toBeGreaterThan(0);
    for (const m of c.members) {
      if (m.child.signalCode !== 'SIGKILL') expect(m.child.exitCode, `${m.name}\n${c.output().slice(-3000)}`).toBe(0);
    }
  }, 120_000);

  it('after all that, a projection process started again catches up: sums still exact, read models equal a rebuild', async () => {
    const c = await startCluster({ databaseUrl: database.url, redisUrl, queueName, counts: { api: 0, projections: 1, workers: 0 }, env: testEnv, hubs: 0 });
    cluster = c;
    await expectExactSum();
    await c.stop();
    cluster = undefined;
    expect(await backwardCheckpoints(db)).toEqual([]);
    const before = await snapshot();
    const rebuilt = await runRebuild();
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(await snapshot()).toEqual(before);
  }, 90_000);
});

/** Every row of every projector's tables (the test projector's too), as sorted JSON text. */
const snapshot = () => snapshotReadModels(db, activeProjectors(testEnv));
const runRebuild = () => runRebuildScript(database.url, testEnv);
