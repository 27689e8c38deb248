// Issue 24 item 5: one admin input (a price of R$ 30.000.000,00/h) made every batch of the hubs
// and locker-history projectors fail for good: health only said "degraded", nothing named the
// event, and later Hubs never reached the read models. Now a projector that meets an event it
// cannot apply stops at it, with its checkpoint just before it; /api/health and the dashboard's
// status card say which event and why; the other projectors go on; and after the fix
// `npm run projections:resume -- NAME` makes it apply the event and carry on.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { createPool } from '../../infra/db/pool.js';
import { createPostgresEventStore } from '../../infra/eventstore/postgres.js';
import type { EventStore, StoredEvent } from '../../infra/eventstore/port.js';
import type { Projector } from '../../projections/projector.js';
import { readStops } from '../../projections/projector-stops.js';
import { readCheckpoint, startProjector } from '../../projections/runner.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow, type TestApp } from '../support/test-app.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const meta = () => ({ actor: { id: 'old-client', role: 'admin' }, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() });

/** `npm run projections:resume -- …names` against the test's database. */
function resume(url: string, names: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'projections/resume.ts', '--', ...names], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('issue 24 item 5: a projector stops at an event it cannot apply', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('issue 24 item 5: stops there with its reason on /api/health and the dashboard, the others go on, and it resumes after the fix', async () => {
    const admin = await signUp(t, 'Admin', 'admin');
    const renter = await signUp(t, 'Renata');
    await registerHub(t.store, 'PS-01', [{ size: 'P' }]);
    await registerHub(t.store, 'PS-02', []);
    // An old client's event, as the API accepted it before its bounds: R$ 30.000.000,00/h, in
    // cents more than the integer columns of rm_lockers and the locker history hold.
    const badLocker = randomUUID();
    const poison = {
      id: randomUUID(),
      type: 'LockerInstalled',
      metadata: meta(),
      data: {
        hubId: 'PS-02',
        lockerId: badLocker,
        orderNumber: 1,
        size: 'G',
        type: 'GMV',
        pricePerHourCents: 3_000_000_000,
        status: 'Ativo',
        collectNumber: null,
      },
    };
    await t.store.append(hubStreamId('PS-02'), [poison], 1);
    await registerHub(t.store, 'PS-03', [{ size: 'M' }]);

    const health = async () => (await t.app.inject({ url: '/api/health', headers: admin.headers })).json();
    await waitUntil(async () => (await health()).stopped.length === 2);
    const stopped = await health();
    expect(stopped.status).toBe('degraded');
    expect(stopped.stopped.map((s: { name: string }) => s.name)).toEqual(['hubs', 'locker_history']);
    for (const stop of stopped.stopped) {
      expect(stop).toMatchObject({ event_id: poison.id, event_type: 'LockerInstalled', stream_id: 'hub-PS-02', error_code: '22003' });
      expect(stop.error).toMatch(/out of range/);
    }
    const sentence =
      /^A projeção hubs parou no evento LockerInstalled \(id [0-9a-f-]{36}, fluxo hub-PS-02, posição \d+\/\d+\) em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}: .*out of range.* \(22003\)\. Corrija a causa e retome com npm run projections:resume -- hubs/;
    expect(
      stopped.problems.some((p: string) => sentence.test(p)),
      stopped.problems.join('\n'),
    ).toBe(true);
    // Anyone else sees only the status.
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'degraded' });
    // The dashboard's system status card says the same.
    const summary = (await t.app.inject({ url: '/api/dashboard/summary', headers: admin.headers })).json();
    expect(summary.status.label).toBe('Instável');
    expect(summary.status.problems.some((p: string) => sentence.test(p))).toBe(true);

    // Its checkpoint stays just before the event: PS-02 is there, its bad locker and PS-03 not yet.
    const [poisonRow] = (
      await t.db.query<{ tx: string; seq: string }>('SELECT tx_id::text AS tx, seq::text AS seq FROM events WHERE event_id = $1', [poison.id])
    ).rows;
    const before = (
      await t.db.query<{ tx: string; seq: string }>(
        'SELECT tx_id::text AS tx, seq::text AS seq FROM events WHERE (tx_id, seq) < ($1::text::xid8, $2::int) ORDER BY tx_id DESC, seq DESC LIMIT 1',
        [poisonRow!.tx, poisonRow!.seq],
      )
    ).rows[0]!;
    for (const name of ['hubs', 'locker_history']) expect(await readCheckpoint(t.db, name)).toEqual({ tx: BigInt(before.tx), seq: BigInt(before.seq) });
    const hubIds = async () => (await t.db.query<{ id: string }>('SELECT id FROM rm_hubs ORDER BY id')).rows.map((r) => r.id);
    expect(await hubIds()).toEqual(['PS-01', 'PS-02']);

    // It does not retry in a loop: the stop is recorded once.
    const [first] = await readStops(t.db, ['hubs']);
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // a window for retries that must not happen
    expect((await readStops(t.db, ['hubs']))[0]!.stopped_at).toEqual(first!.stopped_at);

    // The other projectors go on: a booking reaches the reservations read model and the stats,
    // and its answer does not wait for the stopped projectors.
    const started = Date.now();
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'PS-01', size: 'P', ...windowFromNow(2) },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(Date.now() - started).toBeLessThan(2_500);
    const reservationId = booked.json().id as string;
    await waitUntil(async () => (await t.db.query('SELECT 1 FROM rm_reservations WHERE id = $1', [reservationId])).rowCount === 1);
    await waitUntil(async () => (await t.db.query('SELECT 1 FROM stats_reservations WHERE id = $1', [reservationId])).rowCount === 1);

    // The fix (README, "A stopped projector"): here the one a release would ship as a migration,
    // columns wide enough for the value. Then resume; the projectors apply the event and go on.
    await t.db.query('ALTER TABLE rm_lockers ALTER COLUMN price_per_hour_cents TYPE bigint');
    await t.db.query('ALTER TABLE rm_locker_history_lockers ALTER COLUMN price_per_hour_cents TYPE bigint');
    const resumed = await resume(t.url, ['hubs', 'locker_history']);
    expect(resumed.code, resumed.output).toBe(0);
    expect(resumed.output).toMatch(/hubs: resumed/);
    await waitUntil(async () => (await hubIds()).length === 3, 15_000);
    expect(await hubIds()).toEqual(['PS-01', 'PS-02', 'PS-03']);
    await waitUntil(async () => (await health()).status === 'ok');
    expect((await health()).stopped).toEqual([]);
    expect((await t.db.query('SELECT price_per_hour_cents::text AS cents FROM rm_lockers WHERE id = $1', [badLocker])).rows).toEqual([{ cents: '3000000000' }]);
  }, 60_000);
});

describe('issue 24 item 5: which failures stop a projector', () => {
  let database: TestDatabase;
  let pool: ReturnType<typeof createPool>;
  let store: EventStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, { max: 4 });
    store = createPostgresEventStore(pool, { pollIntervalMs: 20 });
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  /** Notes each event it applies; an event of type 'Poison' divides by zero (SQLSTATE 22012). */
  function noting(name: string, attempts: Map<string, number>, failWith: () => Error | null = () => null, poisoned = true): Projector {
    return {
      name,
      tables: [],
      apply: async () => undefined,
      applyBatch: async (batch, events: StoredEvent[]) => {
        for (const event of events) attempts.set(event.type, (attempts.get(event.type) ?? 0) + 1);
        const transient = failWith();
        if (transient) throw transient;
        if (poisoned && events.some((e) => e.type === 'Poison')) batch.defer({ text: 'SELECT 1 / 0', values: [] });
        batch.defer({ text: 'INSERT INTO applied (projector, type) SELECT $1::text, unnest($2::text[])', values: [name, events.map((e) => e.type)] });
      },
    };
  }

  it('issue 24 item 5: a data error stops it at once, after the events before it, without a retry loop; a transient error is retried until it passes', async () => {
    await pool.query('CREATE TABLE applied (projector text, type text)');
    const stream = `stop-${randomUUID()}`;
    const event = (type: string) => ({ id: randomUUID(), type, data: {}, metadata: meta() });
    await store.append(stream, [event('Good1'), event('Good2'), event('Poison'), event('Good3')], 'no_stream');

    const attempts = new Map<string, number>();
    const errors: unknown[] = [];
    const runner = await startProjector({ pool, store, projector: noting('stopping', attempts), pollIntervalMs: 20, onError: (e) => errors.push(e) });
    try {
      await waitUntil(async () => (await readStops(pool, ['stopping'])).length === 1);
      const applied = await pool.query<{ type: string }>("SELECT type FROM applied WHERE projector = 'stopping' ORDER BY type");
      expect(applied.rows.map((r) => r.type)).toEqual(['Good1', 'Good2']);
      const tries = attempts.get('Poison');
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // room for a retry loop, which must not run
      expect(attempts.get('Poison')).toBe(tries);
      expect(tries).toBeLessThanOrEqual(2); // the batch, then the event on its own
      expect(errors.map(String).join('\n')).toMatch(/projection stopping stopped at event .* \(Poison of stop-.*\): division by zero/);
    } finally {
      await runner.stop();
    }
    // Started again with the cause fixed (a release, a new leader): it applies the event, goes
    // on, and its stop is gone.
    const restarted = await startProjector({ pool, store, projector: noting('stopping', attempts, () => null, false), pollIntervalMs: 20 });
    try {
      await waitUntil(async () => (await pool.query("SELECT 1 FROM applied WHERE projector = 'stopping' AND type = 'Good3'")).rowCount === 1);
      expect(await readStops(pool, ['stopping'])).toEqual([]);
    } finally {
      await restarted.stop();
    }

    // A lost connection is not the event's fault: retried with backoff, and applied once it passes.
    let failures = 3;
    const transientAttempts = new Map<string, number>();
    const flaky = noting('flaky', transientAttempts, () => (failures-- > 0 ? new Error('Connection terminated unexpectedly') : null), false);
    await store.append(`flaky-${randomUUID()}`, [event('Good4')], 'no_stream');
    const second = await startProjector({ pool, store, projector: flaky, pollIntervalMs: 20, onError: () => undefined });
    try {
      await waitUntil(async () => (await pool.query("SELECT 1 FROM applied WHERE projector = 'flaky' AND type = 'Good4'")).rowCount === 1);
      expect(await readStops(pool, ['flaky'])).toEqual([]);
      expect(transientAttempts.get('Good4')).toBeGreaterThan(3);
    } finally {
      await second.stop();
    }
  });
});
