// Goods left for pickup hold their locker until collected, and the write side knows it: the Hub's
// stream records them (GoodsLeftInLocker / GoodsCollected), so a booking decided right after the
// renter left the goods, in another process and with no projection running at all, leaves that
// locker out. Real PostgreSQL, commands only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingCache } from '../../commands/booking-cache.js';
import type { CommandDeps } from '../../commands/deps.js';
import { completePickup, leaveForPickup } from '../../commands/pickup-commands.js';
import { confirmPayment } from '../../commands/reservation-commands.js';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import type { TestDatabase } from '../support/database.js';
import { createTestDatabase } from '../support/database.js';
import { registerHub } from '../support/test-app.js';

const HOUR = 3_600_000;
const ctx = (role = 'user') => ({ actor: { id: 'test', role }, correlationId: randomUUID(), now: new Date() });

describe('goods waiting for pickup, on the write side', () => {
  let database: TestDatabase;
  let pool: ReturnType<typeof createPool>;
  let store: EventStore;
  /** Two processes' worth of command deps: separate booking caches on one store. */
  const process = () =>
    ({
      db: pool,
      store,
      queue: { schedule: async () => {}, cancel: async () => {}, process: () => {}, close: async () => {} },
      codeSecret: 'goods'.repeat(8),
      clock: () => new Date(),
      maxReservationHours: 48,
      awaitProjections: async () => true,
      log: { warn: () => {} },
      bookingCache: createBookingCache(),
    }) satisfies CommandDeps;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, { max: 4 });
    store = createPostgresEventStore(pool);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  it('a booking in another process leaves the locker out at once, and takes it once collected', async () => {
    const [lockerId] = await registerHub(store, 'GH-01', [{ size: 'P' }]);
    const renter = process();
    const elsewhere = process();
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000); // begun: goods go in only inside the window
    const mine = { hubId: 'GH-01', size: 'P' as const, start, end: new Date(start.getTime() + HOUR), canUsePrivateHub: false };
    const later = { ...mine, start: mine.end, end: new Date(mine.end.getTime() + HOUR) };
    // The other process knows the Hub already (cached), as a busy API process would.
    const first = await reserveBySize(
      elsewhere,
      { ...later, userId: randomUUID(), start: new Date(later.end.getTime() + HOUR), end: new Date(later.end.getTime() + 2 * HOUR) },
      ctx(),
    );
    expect(first.lockerId).toBe(lockerId);

    const booked = await reserveBySize(renter, { ...mine, userId: randomUUID() }, ctx());
    await confirmPayment(renter, booked.reservationId, { method: 'pix', amountCents: 500 }, ctx());
    await leaveForPickup(renter, booked.reservationId, ctx());

    // The schedule is free after the booked end, but the goods are still in the locker.
    const refused = await reserveBySize(elsewhere, { ...later, userId: randomUUID() }, ctx()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('no_locker_available');

    await completePickup(renter, booked.reservationId, { userId: randomUUID(), asAdmin: true }, ctx('admin'));
    const taken = await reserveBySize(elsewhere, { ...later, userId: randomUUID() }, ctx());
    expect(taken.lockerId).toBe(lockerId);
  });
});
