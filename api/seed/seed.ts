import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { hubDecider } from '../../domain/hubs/hub-decide.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { reaisToCents } from '../../domain/pricing/price.js';
import type { CommandContext } from '../../infra/eventstore/command-handler.js';
import { handleCommand, loadState } from '../../infra/eventstore/command-handler.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { createUser, findUserByEmail } from '../auth/users.js';
import type { DemoHub } from './demo-data.js';
import { demoHubs, demoUsers } from './demo-data.js';

/** Seeds the demo accounts and Hubs that are missing; a second run changes nothing. */
export async function seedDemoData(db: Pool, store: EventStore, now = new Date()): Promise<{ hubs: number; users: number }> {
  let users = 0;
  for (const user of demoUsers) {
    if (await findUserByEmail(db, user.email)) continue;
    await createUser(db, { ...user });
    users++;
  }
  let hubs = 0;
  const ctx: CommandContext = { actor: { id: 'system', role: 'system' }, correlationId: `seed-${randomUUID()}`, now };
  for (const hub of demoHubs) {
    const { version } = await loadState(store, hubStreamId(hub.id), hubDecider);
    if (version > 0) continue;
    await registerHub(store, hub, ctx);
    hubs++;
  }
  return { hubs, users };
}

async function registerHub(store: EventStore, hub: DemoHub, ctx: CommandContext) {
  const stream = hubStreamId(hub.id);
  await handleCommand(store, stream, hubDecider, { type: 'RegisterHub', hubId: hub.id, secretKey: hub.secretKey, details: hub.details }, ctx);
  for (const locker of hub.lockers) {
    await handleCommand(
      store,
      stream,
      hubDecider,
      {
        type: 'InstallLocker',
        lockerId: randomUUID(),
        size: locker.size,
        lockerType: locker.type ?? 'GMV',
        pricePerHourCents: reaisToCents(locker.priceReais),
        status: locker.status ?? 'Ativo',
        collectNumber: locker.collectNumber ?? null,
      },
      ctx,
    );
  }
}
