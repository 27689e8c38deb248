// A whole API on a fresh database: PostgreSQL event store, projections running, a job queue of
// the test's choice. Tests drive it through HTTP injection, as a client would.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { AppOptions } from '../../api/app.js';
import { buildApp } from '../../api/app.js';
import { createTokenService } from '../../api/auth/tokens.js';
import { hubDecider } from '../../domain/hubs/hub-decide.js';
import type { HubDetails, LockerSize, LockerStatus, LockerType } from '../../domain/hubs/hub-events.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { createPool } from '../../infra/db/pool.js';
import { handleCommand } from '../../commands/command-handler.js';
import type { EventStore, GlobalPosition } from '../../infra/eventstore/port.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { createInProcessQueue } from '../../infra/queue/in-process.js';
import { createLocalDiskStorage } from '../../infra/storage/local-disk.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import type { Mailer } from '../../infra/mail/port.js';
import type { JobQueue } from '../../infra/queue/port.js';
import { projectorNames } from '../../projections/all.js';
import { waitForProjections } from '../../projections/projection-waits.js';
import { startAllProjectors } from '../../projections/start-all.js';
import { createTestDatabase } from './database.js';
import { testHubDetails } from './hub-details.js';

export interface TestApp {
  app: FastifyInstance;
  db: Pool;
  store: EventStore;
  queue: JobQueue;
  url: string;
  clock: { now: Date | null; read: () => Date };
  close(): Promise<void>;
}

export interface TestAppOptions {
  queue?: JobQueue;
  poolMax?: number;
  projections?: boolean;
  paymentWindowMs?: number;
  maxActiveReservations?: number;
  trustProxy?: boolean | string;
  /** Replaces the bounded wait for the read models (e.g. to make it fail). */
  awaitProjections?: (position: GlobalPosition) => Promise<boolean>;
  /** Where the app's e-mail goes (e.g. SMTP to a test server); default: kept in memory, unread. */
  mailer?: Mailer;
  /** Where contact-form messages go (default SUPPORT_EMAIL's default). */
  supportEmail?: string;
  /** The web app's public origin (APP_URL); default: the address the process would listen on. */
  appUrl?: string;
  /** CODE_SECRET, for tests that hash codes themselves; default: random. */
  codeSecret?: string;
  /** Partner-API requests per token per minute (a small limit to reach 429). */
  partnerRateLimits?: AppOptions['partnerRateLimits'];
  /** Rate-limit counters in this Redis (as with REDIS_URL) instead of the app's memory. */
  rateLimitRedis?: AppOptions['rateLimitRedis'];
  /** The PSP (issue 28); default: the simulated provider. */
  payments?: AppOptions['payments'];
  /** What the PIX webhook's x-pix-webhook-secret must be; default: none asked. */
  pixWebhookSecret?: string;
}

export async function startTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const db = createPool(database.url, { max: opts.poolMax ?? 10 });
  const store = createPostgresEventStore(db, { pollIntervalMs: 20 });
  const queue = opts.queue ?? createInProcessQueue();
  const stopProjectors = opts.projections === false ? async () => {} : await startAllProjectors(db, store, undefined, 20);
  // Tests may pin the clock; null means the real time.
  const clock = { now: null as Date | null, read: () => clock.now ?? new Date() };
  // Uploads land in a folder of this test app's own, removed with it (never the repo's .data).
  const uploadsDir = mkdtempSync(join(tmpdir(), 'hub-test-uploads-'));
  // An app that fails to build (a broken route, say) leaves no folder behind.
  const app = await buildApp({
    storage: createLocalDiskStorage(uploadsDir),
    mailer: opts.mailer ?? createMemoryMailer(),
    supportEmail: opts.supportEmail,
    appUrl: opts.appUrl,
    db,
    store,
    queue,
    tokens: createTokenService(randomBytes(32)),
    codeSecret: opts.codeSecret ?? randomBytes(32).toString('hex'),
    clock: () => clock.read(),
    maxReservationHours: 48,
    paymentWindowMs: opts.paymentWindowMs,
    trustProxy: opts.trustProxy,
    maxActiveReservations: opts.maxActiveReservations,
    partnerRateLimits: opts.partnerRateLimits,
    rateLimitRedis: opts.rateLimitRedis,
    payments: opts.payments,
    pixWebhookSecret: opts.pixWebhookSecret,
    awaitProjections: opts.awaitProjections ?? ((position) => waitForProjections(db, projectorNames, position, opts.projections === false ? 200 : 5000)),
  }).catch((error: unknown) => {
    rmSync(uploadsDir, { recursive: true, force: true });
    throw error;
  });
  return {
    app,
    db,
    store,
    queue,
    url: database.url,
    clock,
    async close() {
      await app.close();
      await stopProjectors();
      await queue.close();
      await store.close();
      await db.end();
      await database.drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

export interface TestLocker {
  size: LockerSize;
  type?: LockerType;
  status?: LockerStatus;
  priceCents?: number;
}

const ctx = () => ({ actor: { id: 'test', role: 'system' }, correlationId: randomUUID(), now: new Date() });

/** Registers a Hub with lockers through the domain, as an admin would. Returns locker ids. */
export async function registerHub(store: EventStore, hubId: string, lockers: TestLocker[], details: Partial<HubDetails> = {}) {
  const stream = hubStreamId(hubId);
  await handleCommand(
    store,
    stream,
    hubDecider,
    {
      type: 'RegisterHub',
      hubId,
      secretKey: 'SECRET1234',
      details: testHubDetails(hubId, details),
    },
    ctx(),
  );
  const ids: string[] = [];
  for (const locker of lockers) {
    const lockerId = randomUUID();
    ids.push(lockerId);
    await handleCommand(
      store,
      stream,
      hubDecider,
      {
        type: 'InstallLocker',
        lockerId,
        size: locker.size,
        lockerType: locker.type ?? 'GMV',
        pricePerHourCents: locker.priceCents ?? 500,
        status: locker.status ?? 'Ativo',
        collectNumber: null,
      },
      ctx(),
    );
  }
  return ids;
}

/** Registers a renter (or, with role, any account) and returns its id and bearer header. */
export async function signUp(t: TestApp, name = 'Renter', role?: 'admin' | 'logistics' | 'maintenance' | 'partner') {
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${randomUUID().slice(0, 8)}@example.com`;
  if (role) {
    const { createUser } = await import('../../api/auth/users.js');
    await createUser(t.db, { name, email, phone: '11987654321', password: 'secret123', role });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret123' } });
    const body = res.json();
    return { id: body.user.id as string, headers: { authorization: `Bearer ${body.token}` } };
  }
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name, email, phone: '(11) 98765-4321', password: 'secret123' } });
  if (res.statusCode !== 201) throw new Error(`sign up failed: ${res.body}`);
  const body = res.json();
  return { id: body.user.id as string, headers: { authorization: `Bearer ${body.token}` } };
}

/** A window starting at the next whole hour from now. */
export function windowFromNow(hours: number, offsetHours = 1) {
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + (offsetHours - 1) * 3_600_000);
  return { start_time: start.toISOString(), end_time: new Date(start.getTime() + hours * 3_600_000).toISOString() };
}

/** A window that has begun (codes open only inside it): from the current minute, as the booking form's "now" slot. */
export function windowStartingNow(hours: number) {
  const start = Math.floor(Date.now() / 60_000) * 60_000;
  return { start_time: new Date(start).toISOString(), end_time: new Date(start + hours * 3_600_000).toISOString() };
}

// The default bound is for a condition that never comes, not a target: on the busy 2-core machine
// beside a second CI run, projections and workers take many times what they take alone.
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 60_000, everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
