// Access grants across two real `start:api` processes (and a projection process) on one
// PostgreSQL and Redis (issue 26): a grant approved through process A opens the private Hub's
// detail, my-hubs and the booking on process B at once; a revocation through B closes it on A.
// Nothing process-local decides: the booking reads the grant's stream, the reads rm_hub_access,
// and each write answers after the projections include it.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../api/auth/users.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { removeClusterKeys } from '../support/bullmq-keys.js';
import { startCluster, type Cluster } from '../support/cluster.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { registerHub, windowFromNow } from '../support/test-app.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const queueName = `hub-access-${randomUUID().slice(0, 8)}`;
let database: TestDatabase;
let db: pg.Pool;
let cluster: Cluster;
let a = '';
let b = '';

beforeAll(async () => {
  database = await createTestDatabase();
  db = createPool(database.url, { max: 2 });
  const store = createPostgresEventStore(db);
  await registerHub(store, 'RP-01', [{ size: 'P' }, { size: 'P' }], { private: true });
  await registerHub(store, 'RP-02', [{ size: 'P' }]);
  await store.close();
  cluster = await startCluster({ databaseUrl: database.url, redisUrl, queueName, counts: { api: 2, projections: 1, workers: 0 }, hubs: 1 });
  [a, b] = cluster.byRole('api').map((member) => member.url) as [string, string];
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
  await db?.end();
  await database?.drop();
  expect(await removeClusterKeys(redisUrl, queueName)).toEqual([]);
}, 60_000);

async function call(base: string, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> & { error?: { code: string } } };
}

async function signIn(role: 'user' | 'admin') {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  await createUser(db, { name: role === 'admin' ? 'Ada Admin' : 'Rita Renter', email, phone: '11987654321', password: 'segredo123', role });
  const res = await fetch(`${a}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'segredo123' }),
  });
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id };
}

describe('access grants across API replicas', () => {
  it('a grant made through one process opens the Hub in the other; a revocation closes it', async () => {
    const renter = await signIn('user');
    const admin = await signIn('admin');
    const lockersOn = async (base: string) => ((await call(base, 'GET', '/api/hubs/RP-01', renter.token)).body.lockers as unknown[]).length;
    expect(await lockersOn(b)).toBe(0);

    expect((await call(a, 'POST', '/api/user-hub-access/request', renter.token, { hubId: 'RP-01' })).body.status).toBe('pending');
    // The queue on B shows the request A took.
    const queue = (await call(b, 'GET', '/api/user-hub-access/requests', admin.token)).body as unknown as { id: string }[];
    expect(queue.map((r) => r.id)).toContain(`RP-01.${renter.id}`);

    expect((await call(a, 'POST', `/api/user-hub-access/requests/RP-01.${renter.id}/approve`, admin.token)).body.status).toBe('granted');
    // On B, right after A answered: the detail, my-hubs, the check and the booking all see it.
    expect(await lockersOn(b)).toBe(2);
    const mine = (await call(b, 'GET', '/api/user-hub-access/my-hubs', renter.token)).body as unknown as { id: string }[];
    expect(mine.map((h) => h.id).sort()).toEqual(['RP-01', 'RP-02']);
    expect((await call(b, 'GET', `/api/user-hub-access/check/${renter.id}/RP-01`, renter.token)).body.hasAccess).toBe(true);
    const booked = await call(b, 'POST', '/api/reservations/by-size', renter.token, { hub_id: 'RP-01', size: 'P', ...windowFromNow(1, 3) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const revoked = await call(b, 'DELETE', `/api/user-hub-access/${renter.id}/RP-01`, admin.token);
    expect(revoked.body.cancelledReservations).toEqual([booked.body.id]);
    expect(await lockersOn(a)).toBe(0);
    const refused = await call(a, 'POST', '/api/reservations/by-size', renter.token, { hub_id: 'RP-01', size: 'P', ...windowFromNow(1, 5) });
    expect(refused.body.error?.code).toBe('private_hub');
  });
});
