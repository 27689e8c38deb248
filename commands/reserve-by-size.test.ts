import type { Pool } from 'pg';
import { testHubDetails } from '../tests/support/hub-details.js';
import { describe, expect, it } from 'vitest';
import { hubDecider } from '../domain/hubs/hub-decide.js';
import { hubStreamId } from '../domain/hubs/hub-events.js';
import { createMemoryEventStore } from '../infra/eventstore/memory.js';
import type { EventStore } from '../infra/eventstore/port.js';
import { createInProcessQueue } from '../infra/queue/in-process.js';
import { createBookingCache } from './booking-cache.js';
import type { CommandContext } from './command-handler.js';
import { handleCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { reserveBySize } from './reserve-by-size.js';

// The booking path's cost in event-store calls (ADR 0007): the command handler must not add any.

const now = new Date('2030-03-04T12:00:00Z');
const ctx = (): CommandContext => ({ actor: { id: 'u1', role: 'user' }, correlationId: 'c', now });
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

function counting(store: EventStore) {
  const calls = { reads: [] as string[], appends: 0 };
  const counted: EventStore = {
    ...store,
    readStream: (streamId, from) => (calls.reads.push(streamId), store.readStream(streamId, from)),
    appendMany: (appends) => (calls.appends++, store.appendMany(appends)),
  };
  return { store: counted, calls };
}

async function setUp() {
  const memory = createMemoryEventStore();
  await handleCommand(
    memory,
    hubStreamId('HB-01'),
    hubDecider,
    {
      type: 'RegisterHub',
      hubId: 'HB-01',
      secretKey: 'SECRET1234',
      details: testHubDetails('HB-01', { name: 'Hub', description: 'Hub' }),
      lockers: [1, 2].map((n) => ({
        lockerId: `00000000-0000-4000-8000-00000000000${n}`,
        size: 'P' as const,
        lockerType: 'GMV' as const,
        pricePerHourCents: 500,
        status: 'Ativo' as const,
        collectNumber: null,
      })),
    },
    ctx(),
  );
  const { store, calls } = counting(memory);
  const deps: CommandDeps = {
    db: {} as Pool, // an uncontended booking never asks the read model
    store,
    queue: createInProcessQueue(),
    codeSecret: 'secret',
    clock: () => now,
    maxReservationHours: 24,
    maxUnpaidHolds: 5, // two unpaid bookings by one renter
    awaitProjections: async () => true,
    log: { warn: () => undefined },
    bookingCache: createBookingCache(),
  };
  return { deps, calls };
}

const input = (start: Date, end: Date) => ({ userId: 'u1', hubId: 'HB-01', size: 'P' as const, start, end, canUsePrivateHub: false });

describe('reserveBySize through the command handler', () => {
  it('an uncontended booking reads the Hub, renter and day once, then appends once; the next reads only the Hub', async () => {
    const { deps, calls } = await setUp();
    const first = await reserveBySize(deps, input(at(1), at(2)), ctx());
    expect(first.lockerId).toBe('00000000-0000-4000-8000-000000000001');
    expect(calls.reads.map((s) => s.split('-')[0]).sort()).toEqual(['hub', 'locker', 'renter']);
    expect(calls.appends).toBe(1);

    calls.reads.length = 0;
    calls.appends = 0;
    const second = await reserveBySize(deps, input(at(3), at(4)), ctx());
    expect(second.lockerId).toBe(first.lockerId); // the same locker's later window, known free from the cache
    expect(calls.reads).toEqual([hubStreamId('HB-01')]);
    expect(calls.appends).toBe(1);
  });

  it('a locker the cache shows taken goes after the others; the next is booked with one append', async () => {
    const { deps, calls } = await setUp();
    await reserveBySize(deps, { ...input(at(1), at(2)), userId: 'u2' }, ctx());
    calls.appends = 0;
    const booked = await reserveBySize(deps, input(at(1), at(2)), ctx());
    expect(booked.lockerId).toBe('00000000-0000-4000-8000-000000000002');
    expect(calls.appends).toBe(1);
  });
});
