// Acceptance: `npm start` with no database configured answers on HTTP with the demo Hubs
// (embedded PGlite under DATA_DIR), and a second start on the same DATA_DIR keeps the data.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoHubs, demoUsers } from '../../api/seed/demo-data.js';

const ROOT = new URL('../../', import.meta.url).pathname;
// The server `npm start` runs (run/all-in-one.ts), here through tsx's loader rather than the launcher's
// precompiled copy (tests/integration/npm-start.test.ts covers the launcher). One Node process, as in the
// containers (`node --import tsx`): tsx's CLI would relay SIGTERM to a child and, when the child has not
// acknowledged it within 30 ms (a busy box), SIGKILL it and exit 143, which CI once saw here.
const TSX_LOADER = 'tsx';
const renter = demoUsers.find((u) => u.role === 'user')!;

interface Hub {
  id: string;
  city: string;
  private: boolean;
  availability: Record<string, { total: number }>;
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];
let dataDir = '';
let base = '';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as unknown };
}

/** Starts `npm start`'s process on dataDir and waits until GET /api/hubs lists the demo Hubs. */
async function start(port: number): Promise<Running & { hubs: Hub[] }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SEED_DEMO;
  // Own process group, so afterAll can end it and anything it spawned together.
  const child = spawn(process.execPath, ['--import', TSX_LOADER, 'run/all-in-one.ts'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm start exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`no answer on ${base} in time:\n${output}`);
    const hubs = await api('/api/hubs').then(
      (r) => (r.status === 200 ? (r.json() as Hub[]) : []),
      () => [],
    );
    // Projections follow the seed asynchronously: wait until every public demo Hub is listed.
    if (hubs.length >= demoHubs.filter((h) => !h.details.private).length) return { child, output: () => output, exit, hubs };
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** SIGTERM, as Ctrl-C or a process manager would; resolves with the exit and how long it took. */
async function stop(running: Running) {
  const started = Date.now();
  running.child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000).unref());
  const result = await Promise.race([running.exit, timeout]);
  return { result, ms: Date.now() - started };
}

async function login(): Promise<string> {
  const res = await api('/api/auth/login', { method: 'POST', body: { email: renter.email, password: renter.password } });
  expect(res.status, res.text).toBe(200);
  const token = (res.json() as { token?: unknown }).token;
  expect(typeof token).toBe('string');
  return token as string;
}

describe('embedded mode: npm start with no database configured', () => {
  let port = 0;
  let firstHubIds: string[] = [];
  let reservation: { id: string; locker_id: string; token: string } | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'hub-embedded-'));
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('first start seeds the demo Hubs, hides the private one and secrets, and takes a booking', async () => {
    const first = await start(port);
    expect(first.output()).toMatch(/\[hub\] demo data: 8 Hubs, 3 accounts/);
    expect(existsSync(join(dataDir, 'pg'))).toBe(true);
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(true);

    const list = await api('/api/hubs');
    expect(list.text).not.toContain('secret_key');
    for (const hub of demoHubs) expect(list.text).not.toContain(hub.secretKey);
    const hubs = list.json() as Hub[];
    firstHubIds = hubs.map((h) => h.id).sort();
    expect(hubs.length).toBeGreaterThanOrEqual(6);
    expect(firstHubIds).not.toContain('SP-04'); // the private condominium Hub
    expect(hubs.every((h) => !h.private)).toBe(true);
    expect(hubs.filter((h) => h.city === 'São Paulo').length).toBeGreaterThanOrEqual(2);
    expect(hubs.filter((h) => h.city === 'Belo Horizonte').length).toBeGreaterThanOrEqual(2);
    // The list is compact (counts per size, no lockers): every demo Hub rents P, M and G.
    for (const hub of hubs) expect(Object.keys(hub.availability).filter((size) => hub.availability[size]!.total > 0)).toEqual(['P', 'M', 'G']);

    const token = await login();
    const startTime = new Date(Math.floor(Date.now() / 60_000) * 60_000); // begun: the booking gives its code
    const booked = await api('/api/reservations/by-size', {
      method: 'POST',
      token,
      body: { hub_id: 'SP-01', size: 'P', start_time: startTime.toISOString(), end_time: new Date(startTime.getTime() + 2 * 3_600_000).toISOString() },
    });
    expect(booked.status, booked.text).toBe(201);
    const body = booked.json() as { id: string; locker_id: string; status: string; hub_id: string; locker: { size: string }; access_code: string };
    expect(body).toMatchObject({ hub_id: 'SP-01', status: 'pending', locker: { size: 'P' } });
    expect(body.access_code).toMatch(/^\d{6}$/);
    reservation = { id: body.id, locker_id: body.locker_id, token };
    expect((await api(`/api/reservations/${body.id}`, { token })).status).toBe(200);

    const stopped = await stop(first);
    expect(stopped.result, first.output()).toEqual({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(10_000);
  }, 180_000);

  it('a second start on the same DATA_DIR keeps the booking, the accounts and the secrets, and seeds nothing', async () => {
    expect(reservation).not.toBeNull();
    const { id, locker_id, token } = reservation!;
    const second = await start(port);
    expect(second.output()).not.toMatch(/demo data:/);
    expect(second.hubs.map((h) => h.id).sort()).toEqual(firstHubIds);

    // The JWT secret lives in DATA_DIR/secrets.json: the token issued before the restart still works.
    const again = await api(`/api/reservations/${id}`, { token });
    expect(again.status, again.text).toBe(200);
    expect(again.json()).toMatchObject({ id, locker_id, hub_id: 'SP-01', status: 'pending' });
    const fresh = await login();
    expect((await api(`/api/reservations/${id}`, { token: fresh })).status).toBe(200);
    const mine = await api(`/api/reservations/user/${(again.json() as { user_id: string }).user_id}`, { token: fresh });
    expect((mine.json() as { id: string }[]).map((r) => r.id)).toEqual([id]);

    const stopped = await stop(second);
    expect(stopped.result, second.output()).toEqual({ code: 0, signal: null });
  }, 180_000);
});
