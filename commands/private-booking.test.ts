import type { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import { accessDecider } from '../domain/access/access-decide.js';
import { accessStreamId } from '../domain/access/access-events.js';
import { hubDecider } from '../domain/hubs/hub-decide.js';
import { hubStreamId } from '../domain/hubs/hub-events.js';
import { DomainError } from '../domain/shared/domain-error.js';
import { createMemoryEventStore } from '../infra/eventstore/memory.js';
import type { EventStore } from '../infra/eventstore/port.js';
import { createInProcessQueue } from '../infra/queue/in-process.js';
import { testHubDetails } from '../tests/support/hub-details.js';
import { createBookingCache } from './booking-cache.js';
import type { CommandContext } from './command-handler.js';
import { handleCommand } from './command-handler.js';
import type { CommandDeps } from './deps.js';
import { reserveBySize } from './reserve-by-size.js';

// Booking a private Hub (issue 26): the grant's own stream decides, and the booking appends
// expecting it unchanged, so a revocation that lands between the booking's read and its append
// makes it look again and refuse.

const now = new Date('2030-03-04T12:00:00Z');
const ctx = (id = 'u1', role = 'user'): CommandContext => ({ actor: { id, role }, correlationId: 'c', now });
const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const grantStream = accessStreamId('PV-01', 'u1');

async function setUp(granted: boolean) {
  const memory = createMemoryEventStore();
  await handleCommand(
    memory,
    hubStreamId('PV-01'),
    hubDecider,
    {
      type: 'RegisterHub',
      hubId: 'PV-01',
      secretKey: 'SECRET1234',
      details: testHubDetails('PV-01', { name: 'Privado', description: 'Privado', private: true }),
      lockers: [{ lockerId: '00000000-0000-4000-8000-000000000001', size: 'P', lockerType: 'GMV', pricePerHourCents: 0, status: 'Ativo', collectNumber: null }],
    },
    ctx('admin', 'admin'),
  );
  const hub = { private: true, autoRegistration: true };
  if (granted) await handleCommand(memory, grantStream, accessDecider, { type: 'RequestAccess', hubId: 'PV-01', userId: 'u1', message: null, hub, now }, ctx());
  let beforeAppend: (() => Promise<void>) | null = null;
  const store: EventStore = {
    ...memory,
    appendMany: async (appends) => {
      const hook = beforeAppend;
      beforeAppend = null;
      if (hook) await hook();
      return memory.appendMany(appends);
    },
  };
  const deps: CommandDeps = {
    db: {} as Pool,
    store,
    queue: createInProcessQueue(),
    codeSecret: 'secret',
    clock: () => now,
    maxReservationHours: 24,
    awaitProjections: async () => true,
    log: { warn: () => undefined },
    bookingCache: createBookingCache(),
  };
  return { deps, memory, before: (hook: () => Promise<void>) => (beforeAppend = hook) };
}

const input = { userId: 'u1', hubId: 'PV-01', size: 'P' as const, start: at(1), end: at(2), canUsePrivateHub: false };

async function refusal(run: Promise<unknown>) {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).code;
}

describe('booking a private Hub', () => {
  it('is refused without a grant, whatever the client says', async () => {
    const { deps } = await setUp(false);
    expect(await refusal(reserveBySize(deps, input, ctx()))).toBe('private_hub');
  });

  it('books with a live grant, and an admin without one', async () => {
    const { deps } = await setUp(true);
    expect((await reserveBySize(deps, input, ctx())).lockerId).toBe('00000000-0000-4000-8000-000000000001');
    const { deps: other } = await setUp(false);
    expect((await reserveBySize(other, { ...input, userId: 'admin', canUsePrivateHub: true }, ctx('admin', 'admin'))).reservationId).toBeTruthy();
  });

  it('is refused when a revocation lands between its read and its append', async () => {
    const { deps, memory, before } = await setUp(true);
    before(async () => {
      await handleCommand(memory, grantStream, accessDecider, { type: 'RevokeAccess', hubId: 'PV-01', userId: 'u1', by: 'admin', now }, ctx('admin', 'admin'));
    });
    expect(await refusal(reserveBySize(deps, input, ctx()))).toBe('private_hub');
    expect(await memory.readStream('renter-u1')).toEqual([]); // nothing of the booking was written
  });
});
