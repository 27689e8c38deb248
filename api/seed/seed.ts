import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { hubDecider } from '../../domain/hubs/hub-decide.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { reaisToCents } from '../../domain/pricing/price.js';
import type { CommandContext, Decision, LoadedStream } from '../../commands/command-handler.js';
import { loadState, runCommand } from '../../commands/command-handler.js';
import type { HubCommand } from '../../domain/hubs/hub-decide.js';
import type { HubEvent, HubState } from '../../domain/hubs/hub-events.js';
import { withClient } from '../../infra/db/pool.js';
import { staffDecider } from '../../domain/staff/staff-decide.js';
import { staffHubsStreamId } from '../../domain/staff/staff-events.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { verifyPassword } from '../auth/passwords.js';
import { createUser, findUserByEmail, setPassword } from '../auth/users.js';
import { generateHubSecretKey } from '../../commands/hub-secret-key.js';
import type { DemoHub } from './demo-data.js';
import { demoHubs, demoStaff, demoUsers, publishedSecretKeys } from './demo-data.js';

type DemoUser = (typeof demoUsers)[number];

export interface SeedOptions {
  now?: Date;
  /**
   * The server is reachable beyond this machine: demo accounts get passwords made here instead of
   * the published ones, and existing demo accounts still on a published password get a new one;
   * likewise demo Hubs get secret keys made here (a published key would let anyone sign as the
   * Hub's door controller).
   */
  madePasswords?: boolean;
}

export interface SeedResult {
  hubs: number;
  users: number;
  /** Passwords made by this run, to show once; they are stored only as hashes. */
  madePasswords: { email: string; password: string }[];
  /** Hub secret keys made by this run, to show once (the admin's Hub screen shows them too). */
  madeHubKeys: { hubId: string; secretKey: string }[];
}

/** All the demo data: what a new embedded folder copied from the demo template starts with. */
export const demoDataSize = { hubs: demoHubs.length, users: demoUsers.length };

const makePassword = () => randomBytes(12).toString('base64url'); // 96 random bits

/** Seeds the demo accounts and Hubs that are missing; a second run changes nothing. */
export async function seedDemoData(db: Pool, store: EventStore, options: SeedOptions = {}): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const ctx: CommandContext = { actor: { id: 'system', role: 'system' }, correlationId: `seed-${randomUUID()}`, now };
  // Accounts and Hubs are independent: their queries interleave instead of queueing one by one.
  const [userOutcomes, hubOutcomes] = await Promise.all([
    Promise.all(demoUsers.map((user) => seedUser(db, user, options.madePasswords ?? false))),
    Promise.all(demoHubs.map((hub) => seedHub(store, hub, ctx, options.madePasswords ?? false))),
  ]);
  await assignDemoStaff(db, store, ctx);
  const madePasswords: SeedResult['madePasswords'] = [];
  userOutcomes.forEach((outcome, i) => {
    if (outcome.password) madePasswords.push({ email: demoUsers[i]!.email, password: outcome.password });
  });
  const madeHubKeys = hubOutcomes.flatMap((outcome, i) => (outcome.madeKey ? [{ hubId: demoHubs[i]!.id, secretKey: outcome.madeKey }] : []));
  return { hubs: hubOutcomes.filter((o) => o.created).length, users: userOutcomes.filter((o) => o.created).length, madePasswords, madeHubKeys };
}

/** Session advisory lock key ("hub_seed") held while a process seeds at start. */
const SEED_LOCK_KEY = 0x6875625f73656564n;

/**
 * SEED_DEMO=1 at start (every process that serves the API): seeds under a session advisory lock, so
 * processes starting together seed one after another and all but the first find everything there
 * (and a made password is made once). The lock lives on its own client: not on a pool of 1
 * (embedded PGlite, one process), where `lock` must be false.
 */
export function seedDemoDataOnce(db: Pool, store: EventStore, options: SeedOptions & { lock: boolean }): Promise<SeedResult> {
  if (!options.lock) return seedDemoData(db, store, options);
  return withClient(db, async (client, broke) => {
    await client.query('SELECT pg_advisory_lock($1)', [SEED_LOCK_KEY.toString()]);
    try {
      return await seedDemoData(db, store, options);
    } finally {
      // A broken client is discarded: its session, and the lock, end on the server.
      await client.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK_KEY.toString()]).catch(broke);
    }
  });
}

/** Creates a missing demo account; with made passwords, also replaces a published one still in use. */
async function seedUser(db: Pool, user: DemoUser, made: boolean): Promise<{ created: boolean; password?: string }> {
  const existing = await findUserByEmail(db, user.email);
  if (!made) {
    if (!existing) await createWithPublishedHash(db, user);
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

/** The published password's precomputed hash: no argon2 work on the way to the first page. */
async function createWithPublishedHash(db: Pool, user: DemoUser): Promise<void> {
  const created = await createUser(db, { ...user, password: null });
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [created.id, user.passwordHash]);
}

/**
 * Registers a missing Hub and installs its lockers: the same commands as one by one, decided
 * in memory and appended at once (one round trip instead of one per locker). With made keys the
 * Hub gets a random key, and an existing demo Hub still on a published key gets a new one, as the
 * Hub's own event (HubDetailsChanged), as an admin's change would be.
 */
type SeededHub = { created: boolean; madeKey?: string };

async function seedHub(store: EventStore, hub: DemoHub, ctx: CommandContext, made: boolean): Promise<SeededHub> {
  const stream = hubStreamId(hub.id);
  return runCommand<LoadedStream<HubState>, SeededHub>(store, ctx, {
    read: () => loadState(store, stream, hubDecider),
    decide: ({ state, version }): Decision<SeededHub> => {
      if (version > 0) {
        // Checked on every start: an earlier loopback-only run may have left the published key.
        if (!made || state.status !== 'registered' || !publishedSecretKeys(hub).includes(state.secretKey)) return { answer: { created: false } };
        const secretKey = generateHubSecretKey();
        const changed = hubDecider.decide({ type: 'ChangeHubDetails', changes: { secretKey } }, state);
        return { append: [{ streamId: stream, events: changed, expectedVersion: version }], written: () => ({ created: false, madeKey: secretKey }) };
      }
      const secretKey = made ? generateHubSecretKey() : hub.secretKey;
      const commands: HubCommand[] = [
        { type: 'RegisterHub', hubId: hub.id, secretKey, details: hub.details },
        ...hub.lockers.map((locker): HubCommand => ({
          type: 'InstallLocker',
          lockerId: randomUUID(),
          size: locker.size,
          lockerType: locker.type ?? 'GMV',
          pricePerHourCents: reaisToCents(locker.priceReais),
          status: locker.status ?? 'Ativo',
          collectNumber: locker.collectNumber ?? null,
        })),
      ];
      const events: HubEvent[] = [];
      let current = state;
      for (const command of commands) {
        const decided = hubDecider.decide(command, current);
        current = decided.reduce(hubDecider.evolve, current);
        events.push(...decided);
      }
      return {
        append: [{ streamId: stream, events, expectedVersion: version }],
        written: () => (made ? { created: true, madeKey: secretKey } : { created: true }),
      };
    },
    // Another seeder wrote the Hub first: seeded either way, and its key is not ours to show.
    onConflict: () => ({ answer: { created: false } }),
  });
}

/** The log lines that show made Hub keys, once. */
export function madeHubKeyLines(made: SeedResult['madeHubKeys'], prefix: string): string[] {
  if (made.length === 0) return [];
  return [
    `${prefix} reachable from the network: demo Hubs have new secret keys (their door controllers sign with them), shown only this once:`,
    ...made.map(({ hubId, secretKey }) => `${prefix}   ${hubId}  ${secretKey}`),
  ];
}

/** The log lines that show made passwords, once. */
export function madePasswordLines(made: SeedResult['madePasswords'], prefix: string): string[] {
  if (made.length === 0) return [];
  return [
    `${prefix} reachable from the network: demo accounts have new passwords, shown only this once:`,
    ...made.map(({ email, password }) => `${prefix}   ${email}  ${password}`),
  ];
}

/**
 * Assigns the demo logistics account to its Hubs, as events (the staff projector writes hub_staff).
 * Only an operator with no assignment history gets them: an admin's later change stays as is.
 */
async function assignDemoStaff(db: Pool, store: EventStore, ctx: CommandContext): Promise<void> {
  for (const staff of demoStaff) {
    const user = await findUserByEmail(db, staff.email);
    if (!user) continue;
    const streamId = staffHubsStreamId(user.id);
    await runCommand(store, ctx, {
      read: () => loadState(store, streamId, staffDecider),
      decide: ({ state, version }): Decision<void> => {
        if (version > 0) return { answer: undefined };
        const command = { type: 'AssignStaffHubs' as const, userId: user.id, role: user.role, hubIds: staff.hubIds, by: 'system', at: ctx.now.toISOString() };
        // The demo Hubs were seeded just before (their streams exist), and projections may not have
        // started yet (npm start seeds first), so the read model of Hubs is not asked.
        const events = staffDecider.decide({ ...command, existingHubIds: new Set(staff.hubIds) }, state);
        return { append: [{ streamId, events, expectedVersion: version }], written: () => undefined };
      },
      // Another seeder assigned them first.
      onConflict: () => ({ answer: undefined }),
    });
  }
}
