// Issue 29 item 4: what the doors and controllers are doing, on two API replicas of one database.
// A controller that stops its heartbeat reads offline on both within CONTROLLER_OFFLINE_AFTER_MS
// (computed on read: no sweep needed), two sweepers racing record ControllerWentOffline once, and a
// heartbeat again reads online and is recorded as ControllerBackOnline once. Door states reported
// (live, late from the offline queue, by a renter) show on the doors endpoint and in the history;
// staff of another Hub and renters read none of it.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.js';
import { createUser } from '../../api/auth/users.js';
import { createTokenService } from '../../api/auth/tokens.js';
import { controllerStreamId } from '../../domain/doors/door-state-events.js';
import { recordHeartbeat } from '../../infra/controller/heartbeats.js';
import { createPool } from '../../infra/db/pool.js';
import type { EventStore } from '../../infra/eventstore/port.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { createInProcessQueue } from '../../infra/queue/in-process.js';
import { createLocalDiskStorage } from '../../infra/storage/local-disk.js';
import { projectorNames } from '../../projections/all.js';
import { waitForProjections } from '../../projections/projection-waits.js';
import { sweepControllers } from '../../workers/controller-presence-sweep.js';
import { reportDoorState } from '../support/door-states.js';
import { assignStaff } from '../support/staff.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, startTestApp, waitUntil } from '../support/test-app.js';

const HUB = 'DS-01';
const OTHER = 'DS-02';
const SILENT = 'DS-03';
const BOUND = 90_000;
const T0 = Date.parse('2026-11-27T13:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);

let t: TestApp;
let b: { app: FastifyInstance; db: Pool; store: EventStore; close(): Promise<void> };
let lockers: string[];
const clock = { now: at(0) };
const tokens: Record<'admin' | 'lia' | 'leo' | 'renter', { a: Record<string, string>; b: Record<string, string> }> = {} as never;

/** The second replica: its own pool, store and Hub cache on the same database; no projectors of its own. */
async function secondReplica(url: string) {
  const db = createPool(url, { max: 4 });
  const store = createPostgresEventStore(db, { pollIntervalMs: 20 });
  const queue = createInProcessQueue();
  const uploads = mkdtempSync(join(tmpdir(), 'hub-test-uploads-'));
  const app = await buildApp({
    storage: createLocalDiskStorage(uploads),
    mailer: createMemoryMailer(),
    db,
    store,
    queue,
    tokens: createTokenService(randomBytes(32)),
    codeSecret: randomBytes(32).toString('hex'),
    clock: () => clock.now,
    maxReservationHours: 48,
    controllerOfflineAfterMs: BOUND,
    awaitProjections: (position) => waitForProjections(db, projectorNames, position, 5000),
  });
  return {
    app,
    db,
    store,
    async close() {
      await app.close();
      await queue.close();
      await store.close();
      await db.end();
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}

async function login(app: FastifyInstance, email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret123' } });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

const doors = (app: FastifyInstance, headers: Record<string, string>, hubId = HUB) => app.inject({ method: 'GET', url: `/api/hubs/${hubId}/doors`, headers });
const controllerOf = async (app: FastifyInstance, headers: Record<string, string>) => (await doors(app, headers)).json().controller;
const replicas = () => [
  { app: t.app, headers: tokens.admin.a },
  { app: b.app, headers: tokens.admin.b },
];
const sweeper = (db: Pool, store: EventStore) => sweepControllers({ db, store, clock: () => clock.now, offlineAfterMs: BOUND });

beforeAll(async () => {
  t = await startTestApp();
  t.clock.now = clock.now;
  b = await secondReplica(t.url);
  lockers = await registerHub(t.store, HUB, [{ size: 'P' }, { size: 'M' }]);
  await registerHub(t.store, OTHER, [{ size: 'P' }]);
  await registerHub(t.store, SILENT, [{ size: 'P' }]);
  const people = { admin: 'admin', lia: 'logistics', leo: 'logistics', renter: 'user' } as const;
  const ids: Record<string, string> = {};
  for (const [who, role] of Object.entries(people)) {
    const email = `${who}-${randomUUID().slice(0, 8)}@example.com`;
    ids[who] = (await createUser(t.db, { name: who, email, phone: '11987654321', password: 'secret123', role })).id;
    tokens[who as keyof typeof tokens] = { a: await login(t.app, email), b: await login(b.app, email) };
  }
  await assignStaff(t, ids.lia!, [HUB]);
  await assignStaff(t, ids.leo!, [OTHER]);
  // Both replicas' Hub caches know the three Hubs.
  for (const r of replicas()) await waitUntil(async () => (await doors(r.app, r.headers, SILENT)).statusCode === 200);
}, 60_000);

afterAll(async () => {
  await b?.close();
  await t?.close();
});

describe('a controller online and offline, the same on every replica', () => {
  it('a Hub never heard from has no controller (not offline)', async () => {
    for (const r of replicas()) expect((await controllerOf(r.app, r.headers)).status).toBe('never');
    expect(await sweeper(t.db, t.store)).toEqual([]);
  });

  it('stops beating: both replicas read offline once the bound has passed, and two racing sweepers record it once', async () => {
    await recordHeartbeat(t.db, { hubId: HUB, lastSeenAt: at(0), manifestIssuedAt: null });
    const setNow = (d: Date) => {
      clock.now = d;
      t.clock.now = d;
    };
    setNow(at(30));
    for (const r of replicas())
      expect(await controllerOf(r.app, r.headers)).toMatchObject({ status: 'online', last_seen_at: at(0).toISOString(), offline_since: null });
    // Exactly at the bound it is still online; a millisecond past, offline on both.
    setNow(new Date(T0 + BOUND));
    for (const r of replicas()) expect((await controllerOf(r.app, r.headers)).status).toBe('online');
    expect(await sweeper(t.db, t.store)).toEqual([]);
    setNow(new Date(T0 + BOUND + 1));
    for (const r of replicas()) {
      expect(await controllerOf(r.app, r.headers)).toMatchObject({ status: 'offline', offline_since: at(0).toISOString(), offline_after_ms: BOUND });
    }

    const [first, second] = await Promise.all([sweeper(t.db, t.store), sweeper(b.db, b.store)]);
    expect([...first, ...second].map((e) => e.type)).toEqual(['ControllerWentOffline']);
    expect(await Promise.all([sweeper(t.db, t.store), sweeper(b.db, b.store)])).toEqual([[], []]);
    const stream = await t.store.readStream(controllerStreamId(HUB));
    expect(stream.map((e) => e.type)).toEqual(['ControllerWentOffline']);
    expect(stream[0]!.data).toEqual({ hubId: HUB, lastSeenAt: at(0).toISOString(), detectedAt: new Date(T0 + BOUND + 1).toISOString() });

    // The list the pages load says the same, scoped to the caller's Hubs.
    const list = await t.app.inject({ method: 'GET', url: '/api/controllers', headers: tokens.admin.a });
    expect(list.json().map((c: { hub_id: string; status: string }) => [c.hub_id, c.status])).toEqual([
      [HUB, 'offline'],
      [OTHER, 'never'],
      [SILENT, 'never'],
    ]);
    const lias = await b.app.inject({ method: 'GET', url: '/api/controllers', headers: tokens.lia.b });
    expect(lias.json().map((c: { hub_id: string }) => c.hub_id)).toEqual([HUB]);
  });

  it('beats again: online on both replicas at once, and ControllerBackOnline is recorded once', async () => {
    // The sweep skips Hubs whose read model already agrees with their heartbeat (a hint, docs/door-states.md).
    await waitUntil(async () => (await t.db.query(`SELECT status FROM rm_controller_transitions WHERE hub_id = $1`, [HUB])).rows[0]?.status === 'offline');
    const back = at(300);
    await recordHeartbeat(t.db, { hubId: HUB, lastSeenAt: back, manifestIssuedAt: null });
    clock.now = at(305);
    t.clock.now = clock.now;
    for (const r of replicas())
      expect(await controllerOf(r.app, r.headers)).toMatchObject({ status: 'online', last_seen_at: back.toISOString(), offline_since: null });
    const [first, second] = await Promise.all([sweeper(b.db, b.store), sweeper(t.db, t.store)]);
    expect([...first, ...second]).toEqual([{ type: 'ControllerBackOnline', data: { hubId: HUB, at: back.toISOString(), offlineSince: at(0).toISOString() } }]);
    expect((await t.store.readStream(controllerStreamId(HUB))).map((e) => e.type)).toEqual(['ControllerWentOffline', 'ControllerBackOnline']);

    // The read model keeps the last transition; the Hub's history tells both, in pt-BR.
    await waitUntil(async () => (await t.db.query(`SELECT status FROM rm_controller_transitions WHERE hub_id = $1`, [HUB])).rows[0]?.status === 'online');
    const history = await t.app.inject({ method: 'GET', url: `/api/hubs/${HUB}/history?kind=controller_offline,controller_online`, headers: tokens.admin.a });
    expect(history.statusCode, history.body).toBe(200);
    const sentences = history.json().items.map((i: { sentence: string }) => i.sentence);
    expect(sentences).toEqual([
      `Controlador do Hub ${HUB} online de novo (offline desde 27/11/2026 10:00).`,
      `Controlador do Hub ${HUB} offline (último sinal em 27/11/2026 10:00).`,
    ]);
  });
});

describe("doors' states", () => {
  it('shows each door’s latest state by the door’s own time; a report uploaded late never moves it back', async () => {
    await reportDoorState(t.store, { hubId: HUB, lockerId: lockers[0]!, lockerOrder: 1, state: 'opened', at: at(100).toISOString() });
    await reportDoorState(t.store, { hubId: HUB, lockerId: lockers[0]!, lockerOrder: 1, state: 'closed', at: at(160).toISOString() });
    await reportDoorState(t.store, { hubId: HUB, lockerId: lockers[0]!, lockerOrder: 1, state: 'closed', at: at(170).toISOString() });
    // From the controller's offline queue, older than what is shown: history only.
    await reportDoorState(t.store, { hubId: HUB, lockerId: lockers[0]!, lockerOrder: 1, state: 'forced', at: at(50).toISOString(), offline: true });
    await reportDoorState(t.store, { hubId: HUB, lockerId: lockers[1]!, lockerOrder: 2, state: 'jammed', at: at(200).toISOString(), source: 'renter' });

    const expected = [
      { locker_id: lockers[0], locker_order: 1, state: 'closed', since: at(160).toISOString(), source: 'controller', reservation_id: null, offline: false },
      { locker_id: lockers[1], locker_order: 2, state: 'jammed', since: at(200).toISOString(), source: 'renter', reservation_id: null, offline: false },
    ];
    for (const r of replicas()) {
      await waitUntil(async () => JSON.stringify((await doors(r.app, r.headers)).json().doors) === JSON.stringify(expected));
    }
    const asLia = await doors(b.app, tokens.lia.b);
    expect(asLia.statusCode).toBe(200);
    expect(asLia.json().doors).toEqual(expected);

    // The locker's history, in the order the door did things (the late report in its place).
    const history = await t.app.inject({ method: 'GET', url: `/api/lockers/${lockers[0]}/history?kind=door_state`, headers: tokens.admin.a });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().items.map((i: { sentence: string }) => i.sentence)).toEqual([
      'Locker 01: porta fechada.',
      'Locker 01: porta fechada.',
      'Locker 01: porta aberta.',
      'Locker 01: porta arrombada / aberta sem comando, relatado pelo controlador ao reconectar.',
    ]);
  });

  it('logistics of another Hub and renters cannot read them; an unknown Hub is 404 for an admin', async () => {
    for (const r of [
      { app: t.app, headers: tokens.leo.a },
      { app: b.app, headers: tokens.renter.b },
    ]) {
      const res = await doors(r.app, r.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
      expect(res.body).not.toContain('jammed');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/controllers', headers: tokens.renter.a })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/controllers', headers: tokens.leo.a })).json().map((c: { hub_id: string }) => c.hub_id)).toEqual([
      OTHER,
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/api/hubs/${OTHER}/doors` })).statusCode).toBe(401);
    const unknown = await doors(t.app, tokens.admin.a, 'NO-SUCH');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Hub não encontrado.');
  });
});
