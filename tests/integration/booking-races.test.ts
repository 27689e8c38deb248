// Many renters racing for a few lockers, round after round, through the cached booking path:
// every round exactly as many bookings as lockers, everyone else a 409, and the day schedules
// (the log's own record) never hold two overlapping bookings of one locker. The racers are spread
// over several simulated API processes, each with its own booking cache, so they meet both in a
// process's queue and at the event store's expected versions.
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingCache } from '../../commands/booking-cache.js';
import type { CommandDeps } from '../../commands/deps.js';
import { confirmPayment, endReservation } from '../../commands/reservation-commands.js';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import { periodsOf, scheduleStreamId } from '../../domain/schedule/locker-schedule.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { createInProcessQueue } from '../../infra/queue/in-process.js';
import type { JobQueue } from '../../infra/queue/port.js';
import type { TestDatabase } from '../support/database.js';
import { createTestDatabase } from '../support/database.js';
import { liveBookings, overlappingPairs } from '../support/locker-schedules.js';
import { registerHub } from '../support/test-app.js';

const RACERS = 100;
const ROUNDS = 10;
const PROCESSES = 4;
const HOUR = 3_600_000;

describe('booking races on real PostgreSQL', () => {
  let database: TestDatabase;
  let db: Pool;
  let store: EventStore;
  let queue: JobQueue;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createPool(database.url, { max: 8 });
    store = createPostgresEventStore(db);
    queue = createInProcessQueue();
  });
  afterAll(async () => {
    await queue?.close();
    await store?.close();
    await db?.end();
    await database?.drop();
  });

  /** One simulated API process: the shared database, a booking cache of its own. */
  const aProcess = (maxActiveReservations?: number): CommandDeps => ({
    db,
    store,
    queue,
    codeSecret: 'races'.repeat(8),
    clock: () => new Date(),
    maxReservationHours: 48,
    maxActiveReservations,
    awaitProjections: async () => true,
    log: { warn: () => {} },
    bookingCache: createBookingCache(),
  });
  const ctx = () => ({ actor: { id: 'racer', role: 'user' }, correlationId: randomUUID(), now: new Date() });
  const book = (deps: CommandDeps, hubId: string, userId: string, start: Date, hours = 1) =>
    reserveBySize(deps, { userId, hubId, size: 'P', start, end: new Date(start.getTime() + hours * HOUR), canUsePrivateHub: false }, ctx());
  /** An hour of the UTC day after tomorrow: the slots a test uses share one day schedule. */
  const slot = (hour: number) => new Date((Math.floor(Date.now() / (24 * HOUR)) + 2) * 24 * HOUR + hour * HOUR);

  it(`${RACERS} racers × ${ROUNDS} rounds for 3 lockers: 3 bookings a round, ${RACERS - 3} × 409, no overlap`, async () => {
    const lockerIds = await registerHub(store, 'RC-01', [{ size: 'P' }, { size: 'P' }, { size: 'P' }, { size: 'M' }]);
    const pLockers = lockerIds.slice(0, 3);
    const processes = Array.from({ length: PROCESSES }, () => aProcess());
    const first = Math.ceil(Date.now() / HOUR) * HOUR + HOUR;
    const windows: { start: Date; end: Date }[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      // A two-hour window every three hours: the rounds share day schedules without overlapping.
      const start = new Date(first + round * 3 * HOUR);
      const end = new Date(start.getTime() + 2 * HOUR);
      windows.push({ start, end });
      const outcomes = await Promise.all(
        Array.from({ length: RACERS }, (_, racer) =>
          reserveBySize(processes[racer % PROCESSES]!, { userId: randomUUID(), hubId: 'RC-01', size: 'P', start, end, canUsePrivateHub: false }, ctx()).then(
            (booked) => ({ booked }),
            (error: unknown) => ({ error }),
          ),
        ),
      );
      const booked = outcomes.flatMap((o) => ('booked' in o ? [o.booked] : []));
      const refused = outcomes.flatMap((o) => ('error' in o ? [o.error] : []));
      expect(booked).toHaveLength(3);
      expect(new Set(booked.map((b) => b.lockerId))).toEqual(new Set(pLockers));
      expect(refused).toHaveLength(RACERS - 3);
      for (const error of refused) {
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toMatchObject({ kind: 'conflict', code: 'no_locker_available' });
      }
    }

    // The log's own record: every P locker's day schedules, read back from the streams.
    const days = new Set(windows.flatMap((w) => periodsOf(w.start, w.end)));
    let live = 0;
    for (const lockerId of pLockers) {
      const list = await liveBookings(store, lockerId, days);
      live += list.length;
      expect(overlappingPairs(list)).toEqual([]);
    }
    expect(live).toBe(3 * ROUNDS);
  });

  // A process's cache goes stale whenever another process writes: it may only cost a read or a
  // retry, never a wrong answer.
  it('a locker freed by another process is booked again, though this process last saw it taken', async () => {
    await registerHub(store, 'RC-02', [{ size: 'P' }]);
    const [here, elsewhere] = [aProcess(), aProcess()];
    const first = await book(here, 'RC-02', randomUUID(), slot(3));
    await expect(book(here, 'RC-02', randomUUID(), slot(3))).rejects.toMatchObject({ code: 'no_locker_available' });
    await endReservation(elsewhere, first.reservationId, 'cancel', ctx());
    const again = await book(here, 'RC-02', randomUUID(), slot(3));
    expect(again.lockerId).toBe(first.lockerId);
  });

  it('a window booked by another process since this one cached the day as free is refused, not booked twice', async () => {
    await registerHub(store, 'RC-03', [{ size: 'P' }]);
    const [here, elsewhere] = [aProcess(), aProcess()];
    await book(here, 'RC-03', randomUUID(), slot(4)); // here now caches that day of the locker
    const theirs = await book(elsewhere, 'RC-03', randomUUID(), slot(6));
    await expect(book(here, 'RC-03', randomUUID(), slot(6))).rejects.toMatchObject({ code: 'no_locker_available' });
    const day = periodsOf(slot(6), slot(7))[0]!;
    const booked = (await store.readStream(scheduleStreamId(theirs.lockerId, day))).filter((e) => e.type === 'LockerBooked');
    expect(booked).toHaveLength(2);
  });

  it("the renter's limit stays exact: a slot freed in another process counts here, and the limit still holds", async () => {
    await registerHub(
      store,
      'RC-04',
      Array.from({ length: 3 }, () => ({ size: 'P' as const })),
    );
    const [here, elsewhere] = [aProcess(2), aProcess(2)];
    const renter = randomUUID();
    // Each booking is paid before the next: one renter holds one unpaid booking at a time (ADR 0016).
    const bookAndPay = async (deps: CommandDeps, start: Date) => {
      const booked = await book(deps, 'RC-04', renter, start);
      const created = booked.log[0]!.event;
      await confirmPayment(
        deps,
        booked.reservationId,
        { method: 'pix', amountCents: created.type === 'ReservationCreated' ? created.data.priceCents : 0 },
        ctx(),
      );
      return booked;
    };
    const a = await bookAndPay(here, slot(10));
    await bookAndPay(here, slot(12));
    await expect(book(here, 'RC-04', renter, slot(14))).rejects.toMatchObject({ code: 'reservation_limit' });
    await endReservation(elsewhere, a.reservationId, 'cancel', ctx());
    await bookAndPay(here, slot(14));
    await expect(book(here, 'RC-04', renter, slot(16))).rejects.toMatchObject({ code: 'reservation_limit' });
    await expect(book(elsewhere, 'RC-04', renter, slot(16))).rejects.toMatchObject({ code: 'reservation_limit' });
  });
});
