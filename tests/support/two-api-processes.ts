// Two real `start:api` processes and one projection process on a fresh database and the shared
// Redis: what the "across replicas" tests of grants, assignments and settings start from. A test
// file calls `useTwoApiProcesses` at its top; the returned object is filled before its tests run.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { createUser } from '../../api/auth/users.js';
import type { Role } from '../../api/auth/types.js';
import { createPool } from '../../infra/db/pool.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { removeClusterKeys } from './bullmq-keys.js';
import { startCluster, type Cluster } from './cluster.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TwoApiProcesses {
  /** The two API processes' base URLs. */
  a: string;
  b: string;
  /** A small pool on the test database, for accounts and checks. */
  db: pg.Pool;
}

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'segredo123';

/** Starts the processes before the file's tests (after `seed` wrote its Hubs) and stops them after. */
export function useTwoApiProcesses(name: string, seed: (store: EventStore) => Promise<void>): TwoApiProcesses {
  const queueName = `hub-${name}-${randomUUID().slice(0, 8)}`;
  const state = {} as TwoApiProcesses;
  let database: TestDatabase | undefined;
  let cluster: Cluster | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    state.db = createPool(database.url, { max: 2 });
    const store = createPostgresEventStore(state.db);
    await seed(store);
    await store.close();
    cluster = await startCluster({ databaseUrl: database.url, redisUrl, queueName, counts: { api: 2, projections: 1, workers: 0 }, hubs: 1 });
    [state.a, state.b] = cluster.byRole('api').map((member) => member.url) as [string, string];
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await state.db?.end();
    await database?.drop();
    expect(await removeClusterKeys(redisUrl, queueName)).toEqual([]);
  }, 60_000);

  return state;
}

export type ApiBody = Record<string, unknown> & { error?: { code: string } };

/** One JSON call to `base` (with a bearer token when given); the answer's status and parsed body. */
export async function callApi(base: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as ApiBody };
}

/** A new account with `role`, signed in through process A. */
export async function signInAs(apis: TwoApiProcesses, role: Role, name: string): Promise<{ id: string; token: string }> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`;
  await createUser(apis.db, { name, email, phone: '11987654321', password: PASSWORD, role });
  const res = await callApi(apis.a, 'POST', '/api/auth/login', undefined, { email, password: PASSWORD });
  expect(res.status).toBe(200);
  const body = res.body as unknown as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id };
}
