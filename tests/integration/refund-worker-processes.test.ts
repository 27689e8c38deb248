// Two real worker processes (workers/main.ts, as `npm run start:workers` starts them) on one
// database: a paid reservation cancelled 25 h ahead is refunded once (one RefundSettled) and its
// receipt is mailed once (one .eml in the shared outbox), whichever process gets there first.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeClusterKeys } from '../support/bullmq-keys.js';
import type { Cluster } from '../support/cluster.js';
import { startCluster } from '../support/cluster.js';
import { tempDirs } from '../support/temp-dirs.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow } from '../support/test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('refunds with two worker processes', () => {
  let t: TestApp;
  let cluster: Cluster;
  const dirs = tempDirs();
  const queueName = `refunds-${randomUUID().slice(0, 8)}`;
  let dataDir: string;

  beforeAll(async () => {
    t = await startTestApp();
    dataDir = dirs.make('hub-refund-workers-');
    cluster = await startCluster({
      databaseUrl: t.url,
      redisUrl: REDIS_URL,
      queueName,
      counts: { api: 0, projections: 0, workers: 2 },
      hubs: 0,
      env: { DATA_DIR: dataDir, REFUND_INTERVAL_MS: '50' },
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    expect(await removeClusterKeys(REDIS_URL, queueName)).toEqual([]);
    await t?.close();
    dirs.removeAll();
  });

  it('settles the refund once and mails one receipt', async () => {
    await registerHub(t.store, 'RP-01', [{ size: 'M', priceCents: 500 }]);
    const ana = await signUp(t, 'Ana');
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: ana.headers,
      payload: { hub_id: 'RP-01', size: 'M', ...windowFromNow(2, 27) },
    });
    const { id } = booked.json();
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: ana.headers, payload: { method: 'pix' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/cancel`, headers: ana.headers })).json().refund).toEqual({
      amount_cents: 1000,
      status: 'pending',
    });

    const settled = async () => (await t.store.readStream(`reservation-${id}`)).filter((e) => e.type === 'RefundSettled');
    await waitUntil(async () => (await settled()).length > 0, 30_000);
    await waitUntil(async () => (await t.db.query('SELECT 1 FROM refund_receipts WHERE sent_at IS NOT NULL')).rowCount === 1, 30_000);
    // One claim only: the other process never got the row (SKIP LOCKED and the lease).
    const { rows } = await t.db.query<{ n: number }>('SELECT attempts AS n FROM refund_requests');
    expect(rows[0]!.n).toBe(1);
    expect(await settled()).toHaveLength(1);
    const outbox = readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
    expect(outbox).toHaveLength(1);
  }, 120_000);
});
