// The blue/green rebuild (issue 31 item 2) while the site serves: renters book and pay, and read
// their reservations and the Hub, through the API in a loop, with the live projectors running,
// before, during and after a rebuild of every projector. 0 errors; after the switch every booking
// made during the rebuild is visible (0 stale reads), the Hub cache has dropped what it held from
// the old tables, and the switched tables (continued by the live projectors) equal a second
// rebuild of the same log, so the switch lost and doubled nothing. The dashboard shows the
// progress while a rebuild runs, and a second rebuild at the same time refuses. Interrupted (an
// abort, or SIGTERM to the CLI), a rebuild leaves the live tables as they were; a crashed one's
// leftovers go with the next run.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '../../commands/command-handler.js';
import { hubDecider } from '../../domain/hubs/hub-decide.js';
import { hubStreamId } from '../../domain/hubs/hub-events.js';
import { activeProjectors } from '../../projections/all.js';
import { RebuildInterruptedError, rebuildProjections, type RebuildOptions } from '../../projections/rebuild/blue-green-rebuild.js';
import { RebuildRunningError } from '../../projections/rebuild/rebuild-runs.js';
import { checksumReadModels, snapshotReadModels } from '../support/read-models.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;

const HUB = 'RL-01';
/** A Hub nothing touches during the test but the tampering: only the switch can refresh its cache entry. */
const QUIET = 'RL-02';
const projectors = activeProjectors({});
let t: TestApp;
let admin: Account;
let renters: Account[];
let lockerId: string;
const silent = () => {};

const rebuild = (extra: Partial<RebuildOptions> = {}) =>
  rebuildProjections({ databaseUrl: t.url, pool: t.db, projectors, batchSize: 50, log: silent, progressEveryMs: 0, ...extra });

const liveSchemas = async () =>
  (await t.db.query<{ name: string }>(`SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'rebuild\\_%' ORDER BY 1`)).rows.map((r) => r.name);

/** Renters book and pay one after another (distinct hours: the lockers never run out), and read back. */
function serveInLoop() {
  const errors: string[] = [];
  const booked: { renter: Account; id: string }[] = [];
  let stop = false;
  let rounds = 0;
  let offset = 1;
  const renterLoop = async (renter: Account) => {
    while (!stop) {
      const window = windowFromNow(1, offset++);
      const book = await t.app.inject({
        method: 'POST',
        url: '/api/reservations/by-size',
        headers: renter.headers,
        payload: { hub_id: HUB, size: 'M', ...window },
      });
      if (book.statusCode !== 201) {
        errors.push(`book ${book.statusCode} ${book.body}`);
        continue;
      }
      const { id } = book.json<{ id: string }>();
      booked.push({ renter, id });
      const pay = await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: renter.headers, payload: { method: 'credit_card' } });
      if (pay.statusCode >= 300) errors.push(`pay ${pay.statusCode} ${pay.body}`);
      const mine = await t.app.inject({ url: `/api/reservations/user/${renter.id}`, headers: renter.headers });
      if (mine.statusCode !== 200) errors.push(`list ${mine.statusCode} ${mine.body}`);
      const hub = await t.app.inject({ url: `/api/hubs/${HUB}` });
      if (hub.statusCode !== 200) errors.push(`hub ${hub.statusCode} ${hub.body}`);
      rounds++;
    }
  };
  const running = Promise.all(renters.map(renterLoop));
  return {
    errors,
    booked,
    rounds: () => rounds,
    async stop() {
      stop = true;
      await running;
    },
  };
}

const listed = async (renter: Account) =>
  new Set((await t.app.inject({ url: `/api/reservations/user/${renter.id}`, headers: renter.headers })).json<{ id: string }[]>().map((r) => r.id));
/** Every live projector has applied the last event. */
const caughtUp = async () => {
  const { rows } = await t.db.query<{ behind: number }>(
    `SELECT count(*)::int AS behind FROM projection_checkpoints c
      WHERE c.name = ANY($1) AND (c.tx, c.seq) < (SELECT tx_id::text::bigint, seq FROM events ORDER BY tx_id DESC, seq DESC LIMIT 1)`,
    [projectors.map((p) => p.name)],
  );
  return rows[0]!.behind === 0;
};
const hubName = async () => (await t.app.inject({ url: `/api/hubs/${QUIET}` })).json<{ name: string }>().name;

beforeAll(async () => {
  t = await startTestApp({ maxActiveReservations: 10_000 });
  await registerHub(t.store, HUB, [{ size: 'M', priceCents: 500 }, { size: 'M', priceCents: 500 }, { size: 'P' }]);
  lockerId = (await registerHub(t.store, QUIET, [{ size: 'G' }]))[0]!;
  admin = await signUp(t, 'Administradora', 'admin');
  renters = [await signUp(t, 'Ana Live'), await signUp(t, 'Bruno Live'), await signUp(t, 'Carla Live')];
}, 60_000);

afterAll(async () => t?.close());

describe('blue/green projections rebuild', () => {
  it('keeps serving during the rebuild, then shows every booking and no stale cache after the switch', async () => {
    // A projector bug's trace in the Hub cache: a wrong name in rm_hubs, loaded by the cache when
    // a locker change makes it read the Hub again. Only the rebuild's switch can clear it.
    const realName = await hubName();
    await t.db.query('UPDATE rm_hubs SET name = $2 WHERE id = $1', [QUIET, 'Nome adulterado']);
    await handleCommand(
      t.store,
      hubStreamId(QUIET),
      hubDecider,
      { type: 'ChangeLocker', lockerId, changes: { pricePerHourCents: 550 } },
      {
        actor: { id: admin.id, role: 'admin' },
        correlationId: randomUUID(),
        now: new Date(),
      },
    );
    await waitUntil(async () => (await hubName()) === 'Nome adulterado', 10_000);

    const load = serveInLoop();
    await waitUntil(async () => load.rounds() >= 6, 30_000); // the loop is going before the rebuild starts
    let roundsAtStart = 0;
    let duringRebuild: { renter: Account; id: string }[] = [];
    let dashboardLine = '';
    const result = await rebuild({
      beforeSwitch: async () => {
        roundsAtStart = load.rounds();
        // While the rebuild holds its lock: bookings go on, the dashboard shows it, a second one refuses.
        await waitUntil(async () => load.rounds() >= roundsAtStart + 6, 30_000);
        const summary = await t.app.inject({ url: '/api/dashboard/summary', headers: admin.headers });
        dashboardLine = summary.json<{ status: { rebuild: { text: string } | null } }>().status.rebuild?.text ?? '';
        await expect(rebuild()).rejects.toBeInstanceOf(RebuildRunningError);
        duringRebuild = load.booked.slice(-3);
      },
    });
    await waitUntil(async () => load.rounds() >= roundsAtStart + 12, 30_000); // and after the switch
    await load.stop();

    expect(load.errors).toEqual([]);
    expect(result.events).toBeGreaterThan(0);
    expect(dashboardLine).toMatch(/^Reconstrução das projeções: \d{1,3}%/);
    // 0 stale reads: what was booked during the rebuild is there after the switch, for its renter.
    expect(duringRebuild.length).toBe(3);
    for (const { renter, id } of duringRebuild) expect(await listed(renter)).toContain(id);
    // The cache reloaded from the rebuilt tables (the real name is back).
    await waitUntil(async () => (await hubName()) === realName, 10_000);
    // Nothing left: no rebuild schema; no rebuild shown on the dashboard.
    expect(await liveSchemas()).toEqual([]);
    const after = await t.app.inject({ url: '/api/dashboard/summary', headers: admin.headers });
    expect(after.json<{ status: { rebuild: unknown } }>().status.rebuild).toBeNull();

    // The switched tables, continued by the live projectors, equal a rebuild of the same log.
    for (const { renter, id } of load.booked) expect(await listed(renter)).toContain(id);
    await waitUntil(caughtUp, 20_000);
    const switched = await snapshotReadModels(t.db, projectors);
    const sums = await checksumReadModels(t.db, projectors);
    await rebuild();
    expect(await snapshotReadModels(t.db, projectors)).toEqual(switched);
    expect(await checksumReadModels(t.db, projectors)).toEqual(sums);
  }, 120_000);

  it('an interrupted rebuild leaves the live tables as they were and nothing of its own', async () => {
    const before = await snapshotReadModels(t.db, projectors);
    const abort = new AbortController();
    await expect(rebuild({ signal: abort.signal, beforeSwitch: async () => abort.abort() })).rejects.toBeInstanceOf(RebuildInterruptedError);
    expect(await snapshotReadModels(t.db, projectors)).toEqual(before);
    expect(await liveSchemas()).toEqual([]);
    const { rows } = await t.db.query<{ status: string }>('SELECT status FROM projection_rebuilds ORDER BY started_at DESC LIMIT 1');
    expect(rows[0]!.status).toBe('interrupted');
  }, 60_000);

  it('npm run projections:rebuild stopped by SIGTERM exits 130 and leaves the live tables as they were', async () => {
    const before = await snapshotReadModels(t.db, projectors);
    // The log held still (an exclusive lock on events) so the signal lands before the first batch.
    const holder = await t.db.connect();
    let child: ReturnType<typeof spawn> | undefined;
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
      child = spawn(process.execPath, ['--import', 'tsx', 'projections/rebuild.ts'], {
        cwd: new URL('../../', import.meta.url).pathname,
        env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
      await waitUntil(async () => (await liveSchemas()).length === 1, 30_000); // its schema is made: it waits on the log
      child.kill('SIGTERM');
      await waitUntil(async () => output.includes('SIGTERM: stopping'), 10_000);
      await holder.query('COMMIT');
      expect(await exited, output).toBe(130);
      expect(output).toContain('interrupted; the live read models are as they were');
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      holder.release();
      if (child && child.exitCode === null) child.kill('SIGKILL');
    }
    expect(await snapshotReadModels(t.db, projectors)).toEqual(before);
    expect(await liveSchemas()).toEqual([]);
    const { rows } = await t.db.query<{ status: string }>('SELECT status FROM projection_rebuilds ORDER BY started_at DESC LIMIT 1');
    expect(rows[0]!.status).toBe('interrupted');
  }, 90_000);

  it('the leftovers of a rebuild that died are removed by the next one', async () => {
    // What a killed run leaves: its schema with a half-loaded table, its row still 'running'
    // (its lock went with its connection, so the dashboard no longer shows it).
    await t.db.query('CREATE SCHEMA rebuild_dead_000000');
    await t.db.query('CREATE TABLE rebuild_dead_000000.rm_hubs (LIKE public.rm_hubs INCLUDING ALL)');
    await t.db.query(`INSERT INTO projection_rebuilds (id, applied, target) VALUES ('dead_000000', 10, 100)`);
    const summary = await t.app.inject({ url: '/api/dashboard/summary', headers: admin.headers });
    expect(summary.json<{ status: { rebuild: unknown } }>().status.rebuild).toBeNull();
    const before = await snapshotReadModels(t.db, projectors);
    const lines: string[] = [];
    await rebuild({ log: (line) => lines.push(line) });
    expect(lines).toContain('[rebuild] removed rebuild_dead_000000, left by an earlier run');
    expect(await liveSchemas()).toEqual([]);
    const { rows } = await t.db.query<{ status: string }>(`SELECT status FROM projection_rebuilds WHERE id = 'dead_000000'`);
    expect(rows[0]!.status).toBe('interrupted');
    expect(await snapshotReadModels(t.db, projectors)).toEqual(before);
  }, 60_000);
});
