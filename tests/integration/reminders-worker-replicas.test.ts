// Two real worker processes (workers/main.ts, as `npm run start:workers` runs it) on one Redis
// queue and one database, sweeping every 100 ms as well: each reminder mail lands in the outbox
// (DATA_DIR/outbox, no SMTP_URL) 30 minutes before its reservation's end, once. The reservations
// end 30 minutes and a few seconds from now, so the real lead fires within the test.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBullMqQueue } from '../../infra/queue/bullmq.js';
import { freePort } from '../e2e/support/server.js';
import { bullKeys, deleteBullKeys } from '../support/bullmq-keys.js';
import { tempDirs } from '../support/temp-dirs.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MIN = 60_000;
const codeSecret = randomBytes(32).toString('hex');
const queueName = `hub-reminder-replicas-${randomUUID().slice(0, 8)}`;
const temp = tempDirs();
const dataDir = temp.make('hub-reminders-');
const outbox = join(dataDir, 'outbox');

let t: TestApp;
let output = '';
const children = new Set<ChildProcess>();

async function startWorkers(name: string): Promise<void> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: t.url,
      REDIS_URL,
      QUEUE_NAME: queueName,
      JWT_SECRET: randomBytes(32).toString('hex'),
      CODE_SECRET: codeSecret,
      HEALTH_PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: '',
      APP_URL: 'http://hub.test',
      REMINDER_SWEEP_INTERVAL_MS: '100',
    },
  });
  const collect = (chunk: Buffer) => (output += chunk.toString().replace(/^(?=.)/gm, `[${name}] `));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  children.add(child);
  child.once('exit', () => children.delete(child));
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited:\n${output}`);
      return fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
    },
    60_000,
    200,
  );
}

beforeAll(async () => {
  t = await startTestApp({ codeSecret, queue: createBullMqQueue({ redisUrl: REDIS_URL, queueName }) });
  await Promise.all([startWorkers('workers-1'), startWorkers('workers-2')]);
}, 90_000);

afterAll(async () => {
  for (const child of children) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await t?.close();
  await deleteBullKeys(REDIS_URL, queueName);
  expect(await bullKeys(REDIS_URL, queueName)).toEqual([]);
  temp.removeAll();
});

/** The outbox's messages as (to, subject). */
function outboxMails(): { to: string; subject: string }[] {
  let files: string[];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.map((f) => {
    const eml = readFileSync(join(outbox, f), 'utf8');
    return { to: /^To: (.+)$/m.exec(eml)?.[1]?.trim() ?? '', subject: /^Subject: (.+)$/m.exec(eml)?.[1]?.trim() ?? '' };
  });
}

it('each reminder mail lands in the outbox 30 minutes before the end, once, with two worker processes', async () => {
  const renters = await Promise.all(['Primeira', 'Segunda', 'Terceira'].map((name) => signUp(t, name)));
  const emails: string[] = [];
  const endMs = Date.now() + 30 * MIN + 6_000;
  for (const [i, renter] of renters.entries()) {
    const hubId = `WR-${String(i + 1).padStart(2, '0')}`;
    await registerHub(t.store, hubId, [{ size: 'P' }]);
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: hubId, size: 'P', start_time: new Date(Date.now() - MIN).toISOString(), end_time: new Date(endMs).toISOString() },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const paid = await t.app.inject({ method: 'POST', url: `/api/reservations/${booked.json().id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
    expect(paid.statusCode, paid.body).toBe(200);
    emails.push((await t.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [renter.id])).rows[0]!.email);
  }
  expect(outboxMails()).toEqual([]);

  await waitUntil(async () => outboxMails().length >= 3, 30_000, 100);
  // Not before it was due: 30 minutes before the end.
  expect(Date.now()).toBeGreaterThanOrEqual(endMs - 30 * MIN);
  // Both processes keep sweeping for missed reminders; let several rounds pass after the last
  // notice was projected, then nothing more may have been sent.
  await waitUntil(async () => (await t.db.query('SELECT 1 FROM rm_reminders')).rowCount === 3, 20_000);
  const after = new Date();
  await waitUntil(
    async () => {
      const { rows } = await t.db.query<{ at: Date }>(`SELECT last_started_at AS at FROM periodic_runs WHERE name = 'reminder-sweeper'`);
      return rows[0] !== undefined && rows[0].at.getTime() > after.getTime() + 300;
    },
    20_000,
    100,
  );
  const mails = outboxMails();
  expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
  expect(mails.every((m) => m.subject.includes('terminando') || m.subject.startsWith('=?'))).toBe(true);
  const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'ReminderSent'`);
  expect(rows[0].n).toBe(3);
}, 120_000);
