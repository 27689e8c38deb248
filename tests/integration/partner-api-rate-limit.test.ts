// The partner API's per-token rate limit (issue 27 item 3) on the shared Redis: past the limit a
// JSON 429 with Retry-After and a pt-BR message; each partner and each kind (reads, writes) has
// its own count; a second API process on the same Redis sees the same count (replicas share it).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.js';
import { createTokenService } from '../../api/auth/tokens.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { createInProcessQueue } from '../../infra/queue/in-process.js';
import { createLocalDiskStorage } from '../../infra/storage/local-disk.js';
import type { TestPartner } from '../support/partner-api.js';
import { createPartnerWithToken } from '../support/partner-api.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow } from '../support/test-app.js';

const V1 = '/api/partner/v1';
const booking = (over: object = {}) => ({
  hub_id: 'RL-01',
  size: 'P',
  ...windowFromNow(1, 2),
  customer: { name: 'Beatriz Lima', email: 'beatriz@example.com' },
  ...over,
});

describe('the per-token rate limit', () => {
  let limited: TestApp;
  let redis: Redis;
  const nameSpace = `test-partner-rate-${randomUUID()}:`;

  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    limited = await startTestApp({ partnerRateLimits: { readsPerMinute: 3, writesPerMinute: 2 }, rateLimitRedis: { client: redis, nameSpace } });
    await registerHub(limited.store, 'RL-01', [{ size: 'P' }, { size: 'P' }, { size: 'P' }]);
    await waitUntil(async () => (await limited.db.query("SELECT 1 FROM rm_hubs WHERE id = 'RL-01'")).rowCount === 1);
  }, 60_000);

  afterAll(async () => {
    const keys = await redis.keys(`${nameSpace}*`);
    if (keys.length) await redis.del(...keys);
    await limited?.close();
    redis.disconnect();
  });

  it('answers 429 with Retry-After past the limit, per partner, counted in Redis and shared by every API process', async () => {
    const ops = await signUp(limited, 'Ops', 'admin');
    const one = await createPartnerWithToken(limited, ops, 'Um', ['RL-01']);
    const two = await createPartnerWithToken(limited, ops, 'Dois', ['RL-01']);
    const me = (p: TestPartner) => limited.app.inject({ method: 'GET', url: `${V1}/me`, headers: p.headers });
    for (let i = 0; i < 3; i++) expect((await me(one)).statusCode).toBe(200);
    const over = await me(one);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().error.code).toBe('rate_limited');
    expect(over.json().error.message).toMatch(/^Limite de requisições da API de parceiros atingido\. Tente novamente em \d+ segundos\.$/);
    // Another partner's token has its own count; writes have theirs.
    expect((await me(two)).statusCode).toBe(200);
    const write = (key: string) =>
      limited.app.inject({
        method: 'POST',
        url: `${V1}/reservations`,
        headers: { ...one.headers, 'idempotency-key': key },
        payload: booking({ hub_id: 'RL-01', size: 'P', ...windowFromNow(1, 2) }),
      });
    expect((await write(randomUUID())).statusCode).toBe(201);
    expect((await write(randomUUID())).statusCode).toBe(201);
    expect((await write(randomUUID())).statusCode).toBe(429);
    expect((await redis.keys(`${nameSpace}*`)).length).toBeGreaterThan(0);

    // A second API process on the same database and Redis: the count is shared, not per process.
    const uploads = mkdtempSync(join(tmpdir(), 'hub-test-uploads-'));
    const replica = await buildApp({
      storage: createLocalDiskStorage(uploads),
      mailer: createMemoryMailer(),
      db: limited.db,
      store: limited.store,
      queue: createInProcessQueue(),
      tokens: createTokenService(randomBytes(32)),
      codeSecret: randomBytes(32).toString('hex'),
      clock: () => new Date(),
      maxReservationHours: 48,
      awaitProjections: async () => true,
      partnerRateLimits: { readsPerMinute: 3, writesPerMinute: 2 },
      rateLimitRedis: { client: redis, nameSpace },
    });
    try {
      const there = await replica.inject({ method: 'GET', url: `${V1}/me`, headers: one.headers });
      expect(there.statusCode).toBe(429);
      // Two's second and third reads on this app, its fourth on the replica: the replica counts what this one did.
      expect((await me(two)).statusCode).toBe(200);
      expect((await me(two)).statusCode).toBe(200);
      const twoThere = await replica.inject({ method: 'GET', url: `${V1}/me`, headers: two.headers });
      expect(twoThere.statusCode).toBe(429);
    } finally {
      await replica.close();
      rmSync(uploads, { recursive: true, force: true });
    }
  });
});
