import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../api/seed/seed.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { bullKeys, deleteBullKeys } from '../support/bullmq-keys.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { startServices, type Services } from '../support/services.js';
import { waitUntil } from '../support/test-app.js';

// Services mode: `start:api`, `start:projections` and `start:workers` as three processes on
// the real PostgreSQL and Redis. A booking made through the API is projected by one process and
// expired on time by the BullMQ worker in another.
describe('services mode: api, projections and workers as separate processes', () => {
  let database: TestDatabase;
  let services: Services | undefined;
  const queueName = `hub-svc-${randomUUID().slice(0, 8)}`;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

  beforeAll(async () => {
    database = await createTestDatabase();
    const pool = createPool(database.url, { max: 2 });
    await seedDemoData(pool, createPostgresEventStore(pool));
    await pool.end();
    services = await startServices({ databaseUrl: database.url, redisUrl, queueName, hubs: 6 });
  }, 90_000);

  afterAll(async () => {
    await services?.stop();
    await database?.drop();
    // This run's BullMQ keys go with it.
    await deleteBullKeys(redisUrl, queueName);
    expect(await bullKeys(redisUrl, queueName)).toEqual([]);
  }, 30_000);

  it('books through the API, projects in another process and expires on a BullMQ job in a third', async () => {
    const baseUrl = services!.baseUrl;
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cliente@hub.dev', password: 'cliente123' }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const now = Date.now();
    const booked = await fetch(`${baseUrl}/api/reservations/by-size`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ hub_id: 'BH-02', size: 'G', start_time: new Date(now - 10 * 60_000).toISOString(), end_time: new Date(now + 3000).toISOString() }),
    });
    expect(booked.status).toBe(201);
    const reservation = (await booked.json()) as { id: string; status: string; hub: { name: string | null } };
    // The projection process had it before the API answered: the answer comes from the read model.
    expect(reservation).toMatchObject({ status: 'pending', hub: { name: 'Centro' } });

    const statusOf = async () => ((await (await fetch(`${baseUrl}/api/reservations/${reservation.id}`, { headers })).json()) as { status: string }).status;
    await waitUntil(async () => (await statusOf()) === 'expired', 20_000, 200);
    expect(Date.now()).toBeGreaterThanOrEqual(now + 3000);
  }, 60_000);
});
