// Issue 29's acceptance, with the real reference controller process (controller/main.ts) between
// a real API (PostgreSQL, Redis) and a TCP proxy the test cuts: the controller syncs, loses Hub
// for a simulated 24 h (its fake clock), opens the right doors from its manifest and refuses a
// wrong code, a code typed at another door, a code outside its window and the code of a
// reservation cancelled before the cut; back online, every offline attempt reaches the locker
// history once, in order, marked offline, and sending the last batch again records nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotatedAccessCode } from '../../commands/access-code.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowStartingNow } from '../support/test-app.js';

const CODE_SECRET = 'controller-offline-test-code-secret-0123456789';
const H = 3_600_000;

/** A TCP proxy that can drop every connection (the Hub's internet going down) and let them through again. */
async function startProxy(targetPort: number) {
  let cut = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (cut) return client.destroy();
    const upstream = connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      cut = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The control port's answers, as the test reads them. */
interface Entry {
  reservation_id: string;
  next_index: number;
  latest_issued_at: string | null;
  opens_from: string;
  rotation_ms: number;
}
type Ctl = Record<string, unknown> & {
  now: string;
  online: boolean;
  outbox: number;
  manifest: { entries: Entry[] } | null;
  doors: { state: string }[];
  answer: { accepted: number; duplicates: number };
};

describe('a controller offline for 24 h', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let child: ChildProcess | undefined;
  let dataDir: string;
  let control = '';
  const output: string[] = [];
  const env = { sync: process.env.CONTROLLER_SYNC_EVERY_MS, beat: process.env.CONTROLLER_HEARTBEAT_EVERY_MS };

  const ctl = async (path: string, body?: unknown) => {
    const res = await fetch(`${control}${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
    return (await res.json()) as Ctl;
  };
  const state = () => ctl('/state');

  beforeAll(async () => {
    process.env.CONTROLLER_SYNC_EVERY_MS = '500';
    process.env.CONTROLLER_HEARTBEAT_EVERY_MS = '1000';
    t = await startTestApp({ codeSecret: CODE_SECRET });
    await registerHub(t.store, 'CX-01', [{ size: 'P' }, { size: 'P' }, { size: 'P' }]);
    const port = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port;
    proxy = await startProxy(Number(port));
    dataDir = mkdtempSync(join(tmpdir(), 'hub-controller-test-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await proxy?.close();
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    process.env.CONTROLLER_SYNC_EVERY_MS = env.sync;
    process.env.CONTROLLER_HEARTBEAT_EVERY_MS = env.beat;
    if (env.sync === undefined) delete process.env.CONTROLLER_SYNC_EVERY_MS;
    if (env.beat === undefined) delete process.env.CONTROLLER_HEARTBEAT_EVERY_MS;
  });

  it('opens the right doors from its manifest, refuses the rest, and uploads every attempt once, in order', async () => {
    const renter = await signUp(t, 'Ana');
    const book = async (window: { start_time: string; end_time: string }) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reservations/by-size',
        headers: renter.headers,
        payload: { hub_id: 'CX-01', size: 'P', ...window },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as string;
      const paid = await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
      expect(paid.statusCode, paid.body).toBe(200);
      return { id, order: res.json().locker.order_number as number };
    };
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const a = await book(windowStartingNow(25));
    const b = await book({ start_time: new Date(minute + 2 * H).toISOString(), end_time: new Date(minute + 3 * H).toISOString() });
    const c = await book(windowStartingNow(5));
    expect(new Set([a.order, b.order, c.order]).size).toBe(3);

    child = spawn(process.execPath, ['--import', 'tsx', 'controller/main.ts', 'CX-01'], {
      cwd: process.cwd(),
      env: {
        ...process.env,
        HUB_URL: `http://127.0.0.1:${proxy.port}`,
        HUB_SECRET: 'SECRET1234',
        CONTROLLER_DATA_DIR: dataDir,
        CONTROLLER_PORT: '0',
        CONTROLLER_FAKE_CLOCK: '1',
        CONTROLLER_DOOR_CLOSE_MS: '200',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      output.push(line);
      if (line.startsWith('{"controller"')) control = `http://127.0.0.1:${JSON.parse(line).controlPort}`;
    });
    await waitUntil(async () => control !== '', 30_000).catch(() => {
      throw new Error(`controller did not start:\n${output.join('\n')}`);
    });
    const entries = async () => (await state()).manifest?.entries ?? [];
    await waitUntil(async () => (await entries()).length === 3, 20_000);

    // Online: the API decides (the renter's current code, as the access page shows it).
    const live = (await t.app.inject({ method: 'GET', url: `/api/reservations/${a.id}/access-code`, headers: renter.headers })).json();
    expect(await ctl('/press', { code: live.code, locker_order: a.order })).toMatchObject({ outcome: 'opened', online: true, locker_order: a.order });

    // C is cancelled before the cut: the next sync drops it (the revocation bound: one sync).
    const cCode = rotatedAccessCode(CODE_SECRET, c.id, 0);
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${c.id}/cancel`, headers: renter.headers })).statusCode).toBe(200);
    await waitUntil(async () => (await entries()).length === 2, 20_000);

    proxy.cut();
    const synced = await entries();
    const entryOf = (id: string) => synced.find((e) => e.reservation_id === id);
    const rotation = entryOf(a.id)!.rotation_ms;
    /** The code the server's rotation has reached for a reservation at the controller's now. */
    const codeAt = async (id: string) => {
      const e = entryOf(id)!;
      const nowMs = Date.parse((await state()).now);
      const since = e.latest_issued_at ? Date.parse(e.latest_issued_at) : Date.parse(e.opens_from);
      const index = Math.max(e.next_index - 1, 0) + Math.floor(Math.max(0, nowMs - since) / rotation);
      return rotatedAccessCode(CODE_SECRET, id, index);
    };
    const press = (code: string, order: number) => ctl('/press', { code, locker_order: order });

    await ctl('/clock/advance', { ms: 1 * H });
    const aCode = await codeAt(a.id);
    const wrong = aCode === '123456' ? '654321' : '123456';
    const attempts: { outcome: string; order: number; reservation: string | null }[] = [];
    const expectPress = async (code: string, order: number, outcome: 'opened' | 'refused', reservation: string | null = null) => {
      const result = await press(code, order);
      expect(result, `${code} at door ${order}`).toMatchObject({ outcome, online: false });
      attempts.push({ outcome, order, reservation });
      // The renter takes their things; the door closes by itself (simulated) before the next code.
      if (outcome === 'opened') await waitUntil(async () => (await state()).doors.every((d) => d.state === 'closed'), 10_000);
    };
    await expectPress(wrong, a.order, 'refused');
    await expectPress(aCode, b.order, 'refused'); // A's code at another door
    await expectPress(cCode, c.order, 'refused'); // cancelled before the cut
    await expectPress(aCode, a.order, 'opened', a.id);
    await ctl('/clock/advance', { ms: 1.5 * H }); // +2.5 h: inside B's window
    await expectPress(await codeAt(b.id), b.order, 'opened', b.id);
    await ctl('/clock/advance', { ms: 3.5 * H }); // +6 h: B's window is over
    await expectPress(await codeAt(b.id), b.order, 'refused');
    await ctl('/clock/advance', { ms: 17 * H }); // +23 h: A still holds its locker
    await expectPress(await codeAt(a.id), a.order, 'opened', a.id);
    expect((await state()).outbox).toBeGreaterThanOrEqual(attempts.length);

    proxy.restore();
    await waitUntil(async () => {
      const s = await state();
      return s.online && s.outbox === 0;
    }, 30_000).catch(async () => {
      throw new Error(`outbox not uploaded: ${JSON.stringify(await state())}\n${output.join('\n')}`);
    });

    // Every attempt exactly once, in the order typed, marked offline, in the locker history.
    const rowsOf = async () =>
      (
        await t.db.query<{ kind: string; reservation_id: string | null; locker_order_number: number | null; data: Record<string, unknown> }>(
          `SELECT kind, reservation_id, locker_order_number, data FROM rm_locker_history
            WHERE hub_id = 'CX-01' AND (data->>'offline') = 'true' AND kind IN ('opened', 'code_refused') ORDER BY at, tx, seq, part`,
        )
      ).rows;
    await waitUntil(async () => (await rowsOf()).length >= attempts.length, 15_000).catch(() => {});
    const rows = await rowsOf();
    expect(rows.map((r) => [r.kind, r.locker_order_number, r.reservation_id])).toEqual(
      attempts.map((x) => [x.outcome === 'opened' ? 'opened' : 'code_refused', x.order, x.reservation]),
    );
    const opened = await t.db.query(
      `SELECT stream_id FROM events WHERE type = 'DoorOpened' AND (data->>'offline') = 'true' AND stream_id LIKE 'reservation-%'`,
    );
    expect(opened.rows.map((r) => r.stream_id).sort()).toEqual([`reservation-${a.id}`, `reservation-${a.id}`, `reservation-${b.id}`].sort());
    const doorStates = await t.db.query(`SELECT data FROM events WHERE stream_id = 'door-states-CX-01' ORDER BY seq`);
    // The online opening, then three offline ones, each opened and closed.
    expect(doorStates.rows.map((r) => [r.data.lockerOrder, r.data.state, r.data.offline])).toEqual([
      [a.order, 'opened', false],
      [a.order, 'closed', false],
      [a.order, 'opened', true],
      [a.order, 'closed', true],
      [b.order, 'opened', true],
      [b.order, 'closed', true],
      [a.order, 'opened', true],
      [a.order, 'closed', true],
    ]);

    // The same batch again (a lost answer): nothing new.
    const before = (await t.db.query('SELECT count(*)::int AS n FROM events')).rows[0].n;
    const again = await ctl('/resend-last-batch', {});
    expect(again.answer.accepted).toBe(0);
    expect(again.answer.duplicates).toBeGreaterThan(0);
    expect((await t.db.query('SELECT count(*)::int AS n FROM events')).rows[0].n).toBe(before);
    expect((await rowsOf()).length).toBe(attempts.length);

    // Online again: a jammed door and a forced one are reported as they happen.
    await ctl(`/doors/${a.order}/jam`, { on: true });
    const now = (await t.app.inject({ method: 'GET', url: `/api/reservations/${a.id}/access-code`, headers: renter.headers })).json();
    expect(await press(now.code, a.order)).toMatchObject({ outcome: 'opened', online: true, jammed: true });
    await ctl(`/doors/${c.order}/force`, {});
    const reported = async () =>
      (await t.db.query(`SELECT data FROM events WHERE stream_id = 'door-states-CX-01' AND data->>'state' IN ('jammed', 'forced') ORDER BY seq`)).rows.map(
        (r: { data: Record<string, unknown> }) => [r.data.lockerOrder, r.data.state, r.data.offline],
      );
    await waitUntil(async () => (await reported()).length === 2, 15_000);
    expect(await reported()).toEqual([
      [a.order, 'jammed', false],
      [c.order, 'forced', false],
    ]);

    // SIGTERM drains and exits.
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 180_000);
});
