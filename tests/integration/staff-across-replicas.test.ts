// Issue 26 item 7: an assignment made through one API process takes effect through every API
// process at once (two real `start:api` processes and a projection process on one PostgreSQL and
// Redis): the operator's Hubs, queue, pickup codes and terminal on the other process follow on the
// very next request, and the operator's socket on the other process hears 'staff:changed'.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../api/auth/users.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { removeClusterKeys } from '../support/bullmq-keys.js';
import { startCluster, type Cluster } from '../support/cluster.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { socketListeners, until } from '../support/socket-listener.js';
import { registerHub } from '../support/test-app.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const queueName = `hub-staff-${randomUUID().slice(0, 8)}`;
const PASSWORD = 'segredo123';
let database: TestDatabase;
let db: pg.Pool;
let store: EventStore;
let cluster: Cluster;
let a = '';
let b = '';
const sockets = socketListeners(() => b);

beforeAll(async () => {
  database = await createTestDatabase();
  db = createPool(database.url, { max: 2 });
  store = createPostgresEventStore(db);
  await registerHub(store, 'RP-01', [{ size: 'P' }]);
  cluster = await startCluster({ databaseUrl: database.url, redisUrl, queueName, counts: { api: 2, projections: 1, workers: 0 }, hubs: 1 });
  [a, b] = cluster.byRole('api').map((member) => member.url) as [string, string];
}, 120_000);

afterAll(async () => {
  sockets.closeAll();
  await cluster?.stop();
  await store?.close();
  await db?.end();
  await database?.drop();
  expect(await removeClusterKeys(redisUrl, queueName)).toEqual([]);
}, 60_000);

async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as unknown };
}

async function account(role: 'admin' | 'logistics') {
  const email = `equipe-${randomUUID().slice(0, 8)}@example.com`;
  const user = await createUser(db, { name: `Conta ${role}`, email, phone: '11987654321', password: PASSWORD, role });
  const res = await call(a, 'POST', '/api/auth/login', undefined, { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return { id: user.id, token: (res.body as { data: { session: { access_token: string } } }).data.session.access_token };
}

const hubIds = (body: unknown) => (body as { id: string }[]).map((h) => h.id);

describe('staff assignments across API processes', () => {
  it('assigned on A, it counts on B at once (and its removal on B counts on A); B pushes to the operator', async () => {
    const admin = await account('admin');
    const operator = await account('logistics');
    const { heard } = await sockets.connect(operator.token);
    // B has answered for this operator before the change (nothing assigned).
    expect(hubIds((await call(b, 'GET', '/api/logistics/hubs', operator.token)).body)).toEqual([]);

    const set = await call(a, 'PUT', `/api/operators/${operator.id}/hubs`, admin.token, { hub_ids: ['RP-01'] });
    expect(set.status).toBe(200);
    expect(hubIds((await call(b, 'GET', '/api/logistics/hubs', operator.token)).body)).toEqual(['RP-01']);
    expect((await call(b, 'GET', '/api/logistics/hubs/RP-01', operator.token)).status).toBe(200);
    const press = await call(b, 'POST', '/api/terminal/RP-01/press', operator.token, { code: '000000' });
    expect((press.body as { error?: { code: string } }).error?.code).not.toBe('forbidden');
    await until(() => heard.some((h) => h.event === 'staff:changed'), 10_000);
    expect(heard.find((h) => h.event === 'staff:changed')?.data).toEqual({ userId: operator.id, hubIds: ['RP-01'] });

    const removed = await call(b, 'DELETE', `/api/hubs/RP-01/staff/${operator.id}`, admin.token);
    expect(removed.body).toEqual([]);
    expect(hubIds((await call(a, 'GET', '/api/logistics/hubs', operator.token)).body)).toEqual([]);
    expect((await call(a, 'GET', '/api/logistics/hubs/RP-01', operator.token)).status).toBe(403);
    expect((await call(a, 'POST', '/api/otp/generate/RP-01', operator.token, {})).status).toBe(403);
  });
});
