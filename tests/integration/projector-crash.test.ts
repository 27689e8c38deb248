// Acceptance: a projector killed mid-stream (SIGKILL, no graceful stop) and restarted leaves the
// read models equal to a fresh rebuild. Runs the real projection process and the real rebuild script.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveBySize } from '../../commands/reserve-by-size.js';
import { runReservationCommand } from '../../commands/reservation-commands.js';
import { hubDecider } from '../../domain/hubs/hub-decide.js';
import type { HubCommand } from '../../domain/hubs/hub-decide.js';
import type { HubState, LockerSize } from '../../domain/hubs/hub-events.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { reservationDecider } from '../../domain/reservations/reservation-decide.js';
import { reservationStreamId } from '../../domain/reservations/reservation-events.js';
import { createPool } from '../../infra/db/pool.js';
import type { CommandContext } from '../../commands/command-handler.js';
import { handleCommand, loadState } from '../../commands/command-handler.js';
import type { EventStore, GlobalPosition } from '../../infra/eventstore/port.js';
import { START, comparePositions } from '../../infra/eventstore/port.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { createInProcessQueue } from '../../infra/queue/in-process.js';
import { projectorNames } from '../../projections/all.js';
import { readCheckpoint } from '../../projections/runner.js';
import { waitForProjections } from '../../projections/projection-waits.js';
import type { TestDatabase } from '../support/database.js';
import { createTestDatabase } from '../support/database.js';
import { registerHub } from '../support/test-app.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const HUBS = 20;
const BOOKINGS_PER_HUB = 30;

// Seeded choices (mulberry32); the Hubs book concurrently, so runs still differ in interleaving.
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = rng(20_240_611);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const ctx = (): CommandContext => ({ actor: { id: 'crash-test', role: 'admin' }, correlationId: randomUUID(), now: new Date() });
const hubId = (i: number) => `CR-${String(i + 1).padStart(2, '0')}`;

interface Proc {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string>): Proc {
  const childEnv = { ...process.env, ...env, LOG_LEVEL: 'warn' };
  const child = spawn(command, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exit };
}

/** Hubs with lockers, then edits: details, prices, (de)activation, removals with renumbering. */
async function writeHubs(store: EventStore): Promise<void> {
  const sizes: LockerSize[] = ['P', 'P', 'P', 'P', 'M', 'M', 'M', 'G', 'G', 'X'];
  for (let i = 0; i < HUBS; i++) {
    const id = hubId(i);
    await registerHub(
      store,
      id,
      sizes.map((size) => ({ size, priceCents: 300 + Math.floor(random() * 900) })),
      {
        city: i % 2 ? 'Belo Horizonte' : 'São Paulo',
        state: i % 2 ? 'MG' : 'SP',
      },
    );
    const hub = async (command: HubCommand) => handleCommand(store, hubStreamId(id), hubDecider, command, ctx());
    const lockers = async () => {
      const { state } = await loadState(store, hubStreamId(id), hubDecider);
      return state.status === 'registered' ? state.lockers : [];
    };
    await hub({
      type: 'ChangeHubDetails',
      changes: { name: `Hub renomeado ${i}`, description: `Descrição ${i}`, secretKey: `K${String(i).padStart(6, '0')}NEW` },
    });
    // Remove one locker from the middle (renumbers the ones after it) and, on every third Hub, the first.
    await hub({ type: 'RemoveLocker', lockerId: pick((await lockers()).slice(2, 8)).lockerId });
    if (i % 3 === 0) await hub({ type: 'RemoveLocker', lockerId: (await lockers())[0]!.lockerId });
    const [a, b] = (await lockers()).filter((l) => l.size === 'P');
    await hub({ type: 'ChangeLocker', lockerId: a!.lockerId, changes: { pricePerHourCents: 1234 } });
    await hub({ type: 'DeactivateLocker', lockerId: b!.lockerId });
    if (i % 2 === 0) await hub({ type: 'ActivateLocker', lockerId: b!.lockerId });
  }
}

/** Bookings through the real command service, then payments, cancellations and finalizations. */
async function writeReservations(db: Pool, store: EventStore): Promise<number> {
  const queue = createInProcessQueue();
  const deps = {
    db,
    store,
    queue,
    codeSecret: 'crash-test-secret',
    clock: () => new Date(),
    maxReservationHours: 48,
    maxActiveReservations: 1_000,
    awaitProjections: async () => true,
    log: { warn: () => undefined },
  };
  const users = Array.from({ length: 25 }, () => randomUUID());
  const base = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  let booked = 0;
  try {
    await Promise.all(
      Array.from({ length: HUBS }, async (_, i) => {
        for (let n = 0; n < BOOKINGS_PER_HUB; n++) {
          const start = new Date(base + Math.floor(random() * 96) * 3_600_000);
          const end = new Date(start.getTime() + (1 + Math.floor(random() * 30)) * 3_600_000);
          const userId = pick(users);
          const input = { userId, hubId: hubId(i), size: pick(['P', 'M', 'G'] as const), start, end, canUsePrivateHub: false };
          const result = await reserveBySize(deps, input, ctx()).catch(() => null); // none free: fine
          if (!result) continue;
          booked++;
          const id = result.reservationId;
          const roll = random();
          if (roll < 0.6) {
            await runReservationCommand(
              deps,
              id,
              (s) => ({
                type: 'ConfirmPayment',
                method: pick(['pix', 'credit_card'] as const),
                amountCents: s.status === 'none' ? 0 : s.priceCents,
                now: new Date(),
              }),
              ctx(),
            );
          }
          if (roll < 0.15 || roll > 0.85) await runReservationCommand(deps, id, () => ({ type: 'CancelReservation', reason: 'teste', now: new Date() }), ctx());
          else if (roll < 0.3) await runReservationCommand(deps, id, () => ({ type: 'FinalizeReservation', now: new Date() }), ctx());
          // Left unpaid: its renter holds one unpaid booking at a time (ADR 0016), so another books on.
          else if (roll >= 0.6) users[users.indexOf(userId)] = randomUUID();
        }
      }),
    );
  } finally {
    await queue.close();
  }
  return booked;
}

async function dump(db: Pool) {
  const rows = async (table: string) => (await db.query(`SELECT * FROM ${table} ORDER BY id`)).rows as Record<string, unknown>[];
  return { hubs: await rows('rm_hubs'), lockers: await rows('rm_lockers'), reservations: await rows('rm_reservations') };
}

describe('projection process killed mid-stream', () => {
  let database: TestDatabase;
  let db: Pool;
  let store: EventStore;
  let last: GlobalPosition;
  let total = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createPool(database.url, { max: 6 });
    store = createPostgresEventStore(db);
    await writeHubs(store);
    expect(await writeReservations(db, store)).toBeGreaterThan(300);
    // One Hub is removed altogether: its lockers leave the read model with it (its reservations stay).
    await handleCommand(store, hubStreamId(hubId(HUBS - 1)), hubDecider, { type: 'RemoveHub' }, ctx());
    const { rows } = await db.query<{ tx: string; seq: string; n: string }>(
      `SELECT tx_id::text AS tx, seq::text AS seq, (SELECT count(*) FROM events)::text AS n FROM events ORDER BY tx_id DESC, seq DESC LIMIT 1`,
    );
    last = { tx: BigInt(rows[0]!.tx), seq: BigInt(rows[0]!.seq) };
    total = Number(rows[0]!.n);
  }, 180_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await store?.close();
    await db?.end();
    await database?.drop();
  });

  const projected = async (name: string) => {
    const at = await readCheckpoint(db, name);
    const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM events WHERE (tx_id, seq) <= ($1::text::xid8, $2::bigint)', [
      at.tx.toString(),
      at.seq.toString(),
    ]);
    return { at, count: Number(rows[0]!.n) };
  };

  it('resumes after SIGKILL and ends equal to a rebuild, and to the write side', async () => {
    expect(total).toBeGreaterThan(2000);
    const projector = () => run(process.execPath, ['--import', 'tsx', 'projections/main.ts'], { DATABASE_URL: database.url, PROJECTION_BATCH_SIZE: '5' });

    // 1. Start, let it get part of the way, then kill it without warning.
    const first = projector();
    const deadline = Date.now() + 60_000;
    for (;;) {
      const counts = await Promise.all(projectorNames.map(projected));
      if (counts.every((c) => c.count >= total * 0.1)) break;
      if (first.child.exitCode !== null || Date.now() > deadline) throw new Error(`projector did not progress:\n${first.output()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    first.child.kill('SIGKILL');
    expect((await first.exit).signal).toBe('SIGKILL');
    for (const name of projectorNames) {
      const { at, count } = await projected(name);
      expect(comparePositions(at, START)).toBeGreaterThan(0);
      expect(comparePositions(at, last), `${name} had already finished (${count}/${total})`).toBeLessThan(0);
    }
    const partial = await dump(db);

    // 2. Restart: it resumes from the checkpoints and catches up; then a graceful stop.
    const second = projector();
    expect(await waitForProjections(db, projectorNames, last, 90_000), second.output()).toBe(true);
    second.child.kill('SIGTERM');
    expect(await second.exit, second.output()).toEqual({ code: 0, signal: null });
    const resumed = await dump(db);
    expect(resumed.reservations.length).toBeGreaterThan(partial.reservations.length);

    // 3. The real rebuild script replays the whole log from scratch into the same tables.
    const rebuild = run('npm', ['run', '--silent', 'projections:rebuild'], { DATABASE_URL: database.url });
    expect(await rebuild.exit, rebuild.output()).toEqual({ code: 0, signal: null });
    expect(rebuild.output()).toContain(`[rebuild] hubs: ${total} events`);
    expect(rebuild.output()).toContain(`[rebuild] reservations: ${total} events`);
    const rebuilt = await dump(db);
    expect(resumed).toEqual(rebuilt);

    // 4. Both equal what the write side says: every Hub, locker and reservation, by folding streams.
    const hubs = new Map<string, Extract<HubState, { lockers: unknown }>>();
    for (let i = 0; i < HUBS; i++) {
      const { state } = await loadState(store, hubStreamId(hubId(i)), hubDecider);
      if (state.status === 'registered') hubs.set(hubId(i), state);
    }
    expect(hubs.size).toBe(HUBS - 1);
    expect(rebuilt.hubs.map((h) => [h.id, h.name, h.secret_key])).toEqual([...hubs.values()].map((h) => [h.hubId, h.details.name, h.secretKey]));
    const { rows: counted } = await db.query<{ type: string; n: string }>(
      `SELECT type, count(*)::text AS n FROM events WHERE type IN ('LockerInstalled', 'LockerRemoved') AND stream_id <> $1 GROUP BY type`,
      [hubStreamId(hubId(HUBS - 1))],
    );
    const count = (type: string) => Number(counted.find((r) => r.type === type)?.n ?? 0);
    expect(count('LockerRemoved')).toBeGreaterThanOrEqual(HUBS);
    expect(rebuilt.lockers).toHaveLength(count('LockerInstalled') - count('LockerRemoved'));
    const expectedLockers = [...hubs.values()].flatMap((h) =>
      h.lockers.map((l) => ({
        id: l.lockerId,
        hub_id: h.hubId,
        order_number: l.orderNumber,
        size: l.size,
        type: l.type,
        price_per_hour_cents: l.pricePerHourCents,
        status: l.status,
        collect_number: l.collectNumber,
      })),
    );
    expect(rebuilt.lockers.map(({ updated_at: _u, ...l }) => l)).toEqual(expectedLockers.sort((a, b) => (a.id < b.id ? -1 : 1)));
    for (const hub of hubs.values()) {
      const numbers = rebuilt.lockers
        .filter((l) => l.hub_id === hub.hubId)
        .map((l) => l.order_number as number)
        .sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, k) => k + 1));
    }

    const statuses = new Map<string, number>();
    for (const row of rebuilt.reservations) {
      const { state } = await loadState(store, reservationStreamId(row.id as string), reservationDecider);
      expect(row.status).toBe(state.status);
      statuses.set(state.status, (statuses.get(state.status) ?? 0) + 1);
    }
    const { rows: created } = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM events WHERE type = 'ReservationCreated'`);
    expect(rebuilt.reservations).toHaveLength(Number(created[0]!.n));
    for (const status of ['pending', 'active', 'cancelled', 'completed']) expect(statuses.get(status) ?? 0).toBeGreaterThan(10);
  }, 240_000);
});
