// The process `npm start` runs (run/all-in-one.ts), composed in the test: the demo data, every
// projector, the expiry and code-rotation workers and the API on one pool, either on embedded
// PGlite with embedded mode's pool (one client, bounded waits) or on a fresh database of the
// machine's PostgreSQL. Tests drive it through HTTP injection, with the app's route catalog.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { buildApp } from '../../api/app.js';
import { createTokenService } from '../../api/auth/tokens.js';
import { seedDemoData } from '../../api/seed/seed.js';
import { EMBEDDED_POOL, startEmbeddedPostgres, type EmbeddedPostgres } from '../../infra/db/embedded.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { createInProcessQueue } from '../../infra/queue/in-process.js';
import { openRuntime } from '../../infra/runtime.js';
import { createLocalDiskStorage } from '../../infra/storage/local-disk.js';
import { projectorNames } from '../../projections/all.js';
import { waitForProjections } from '../../projections/projection-waits.js';
import { startAllProjectors } from '../../projections/start-all.js';
import { startCodeRotation } from '../../workers/code-rotation.js';
import { startExpiryWorkers } from '../../workers/expiry.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export type DemoMode = 'embedded' | 'postgres';

export interface DemoApp {
  app: FastifyInstance;
  db: Pool;
  store: EventStore;
  /** Every message the app mailed (recovery and confirmation links, contact form). */
  mail: ReturnType<typeof createMemoryMailer>['sent'];
  close(): Promise<void>;
}

export async function startDemoApp(mode: DemoMode): Promise<DemoApp> {
  const dir = await mkdtemp(join(tmpdir(), 'hub-demo-app-'));
  let pglite: EmbeddedPostgres | undefined;
  let database: TestDatabase | undefined;
  if (mode === 'embedded') pglite = await startEmbeddedPostgres({ dataDir: join(dir, 'pg'), socketDir: join(dir, 'socket') });
  else database = await createTestDatabase();
  const runtime = await openRuntime(pglite?.url ?? database!.url, mode === 'embedded' ? EMBEDDED_POOL : 10);
  await seedDemoData(runtime.db, runtime.store, { madePasswords: false });
  const queue = createInProcessQueue();
  const clock = () => new Date();
  const codeSecret = randomBytes(32).toString('hex');
  const stopProjectors = await startAllProjectors(runtime.db, runtime.store);
  // As all-in-one.ts: one process on PGlite takes no advisory lock for the sweeper.
  const expiry = await startExpiryWorkers({ db: runtime.db, store: runtime.store, queue, clock, sweepLock: mode !== 'embedded' });
  startCodeRotation({ store: runtime.store, queue, codeSecret, clock });
  const mailer = createMemoryMailer();
  const app = await buildApp({
    db: runtime.db,
    store: runtime.store,
    queue,
    tokens: createTokenService(randomBytes(32)),
    codeSecret,
    clock,
    maxReservationHours: 48,
    awaitProjections: (position) => waitForProjections(runtime.db, projectorNames, position),
    storage: createLocalDiskStorage(join(dir, 'uploads')),
    mailer,
    webDist: null,
    role: 'all-in-one',
  });
  await app.ready();
  return {
    app,
    db: runtime.db,
    store: runtime.store,
    mail: mailer.sent,
    async close() {
      await app.close();
      await stopProjectors();
      await expiry.close();
      await queue.close();
      await runtime.close();
      await pglite?.stop();
      await database?.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
