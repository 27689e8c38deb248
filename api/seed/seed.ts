import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { hubDecider } from '../../domain/hubs/hub-decide.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { reaisToCents } from '../../domain/pricing/price.js';
import type { CommandContext } from '../../commands/command-handler.js';
import { handleCommand, loadState } from '../../commands/command-handler.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { verifyPassword } from '../auth/passwords.js';
import { createUser, findUserByEmail, setPassword } from '../auth/users.js';
import type { DemoHub } from './demo-data.js';
import { demoHubs, demoUsers } from './demo-data.js';

type DemoUser = (typeof demoUsers)[number];

export interface SeedOptions {
  now?: Date;
  /**
   * The server is reachable beyond this machine: demo accounts get passwords made here instead of
   * the published ones, and existing demo accounts still on a published password get a new one.
   */
  madePasswords?: boolean;
}

export interface SeedResult {
  hubs: number;
  users: number;
  /** Passwords made by this run, to show once; they are stored only as hashes. */
  madePasswords: { email: string; password: string }[];
}

const makePassword = () => randomBytes(12).toString('base64url'); // 96 random bits

/** Seeds the demo accounts and Hubs that are missing; a second run changes nothing. */
export async function seedDemoData(db: Pool, store: EventStore, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  let users = 0;
  const madePasswords: SeedResult['madePasswords'] = [];
  for (const user of demoUsers) {
    const outcome = await seedUser(db, user, options.madePasswords ?? false);
    if (outcome.created) users++;
    if (outcome.password) madePasswords.push({ email: user.email, password: outcome.password });
  }
  let hubs = 0;
  const ctx: CommandContext = { actor: { id: 'system', role: 'system' }, correlationId: `seed-${randomUUID()}`, now };
  for (const hub of demoHubs) {
    const { version } = await loadState(store, hubStreamId(hub.id), hubDecider);
    if (version > 0) continue;
    await registerHub(store, hub, ctx);
    hubs++;
  }
  return { hubs, users, madePasswords };
}

/** Creates a missing demo account; with made passwords, also replaces a published one still in use. */
async function seedUser(db: Pool, user: DemoUser, made: boolean): Promise<{ created: boolean; password?: string }> {
  const existing = await findUserByEmail(db, user.email);
  if (!made) {
    if (!existing) await createUser(db, { ...user });
    return { created: !existing };
  }
  // Checked on every start: an earlier loopback-only run may have left the published password.
  const published = existing?.password_hash ? await verifyPassword(existing.password_hash, user.password) : false;
  if (existing && !published) return { created: false };
  const password = makePassword();
  if (existing) await setPassword(db, existing.id, password);
  else await createUser(db, { ...user, password });
  return { created: !existing, password };
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

/** The log lines that show made passwords, once. */
export function madePasswordLines(made: SeedResult['madePasswords'], prefix: string): string[] {
  if (made.length === 0) return [];
  return [
    `${prefix} reachable from the network: demo accounts have new passwords, shown only this once:`,
    ...made.map(({ email, password }) => `${prefix}   ${email}  ${password}`),
  ];
}
