// A real workers process (workers/main.ts, as `npm run start:workers` runs it) is killed with
// SIGKILL while a webhook delivery is in flight (the receiver holds the request open); a new
// workers process delivers it, then the next event of the same reservation: nothing is lost and
// the order holds (at least once: the held attempt may arrive twice, with the same event id).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../e2e/support/server.js';
import { bullKeys, deleteBullKeys } from '../support/bullmq-keys.js';
import type { TestApp } from '../support/test-app.js';
import { startTestApp, waitUntil } from '../support/test-app.js';
import type { Receiver } from '../support/webhook-receiver.js';
import { startReceiver } from '../support/webhook-receiver.js';
import { adminOf, makePartner, paid, partnerBooking, partnerHub } from '../support/webhook-partner.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const codeSecret = randomBytes(32).toString('hex');
const queueName = `hub-webhook-kill-${randomUUID().slice(0, 8)}`;

let t: TestApp;
let receiver: Receiver;
let output = '';
const children = new Set<ChildProcess>();

async function startWorkers(name: string): Promise<ChildProcess> {
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
      WEBHOOK_RETRY_BASE_MS: '200',
      WEBHOOK_SWEEP_INTERVAL_MS: '300',
      SMTP_URL: '',
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
  return child;
}

beforeAll(async () => {
  t = await startTestApp({ codeSecret });
  receiver = await startReceiver();
}, 60_000);

afterAll(async () => {
  for (const child of children) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await receiver?.close();
  await t?.close();
  await deleteBullKeys(REDIS_URL, queueName);
  expect(await bullKeys(REDIS_URL, queueName)).toEqual([]);
});

it('a worker killed mid-delivery loses nothing: a new worker delivers it, then the next event', async () => {
  const first = await startWorkers('workers-1');
  const admin = await adminOf(t);
  const hub = await partnerHub(t, 'WK-01');
  const partner = await makePartner(t, admin, 'Kilo');
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/partner/v1/webhooks',
    headers: { ...partner.headers, 'idempotency-key': randomUUID() },
    payload: { url: receiver.url, events: ['reservation.created', 'reservation.paid'] },
  });
  expect(made.statusCode, made.body).toBe(201);

  // The first request is held until its sender dies.
  receiver.respond = (_hook, nth) => (nth === 1 ? new Promise<number>(() => {}) : 200);
  const { reservationId, eventId } = await partnerBooking(t, partner.id, hub);
  await paid(t, reservationId);
  await waitUntil(async () => receiver.received.length === 1, 20_000);
  expect(receiver.received[0]!.json.id).toBe(eventId);

  const killed = new Promise((resolve) => first.once('exit', resolve));
  first.kill('SIGKILL');
  await killed;
  // Nothing was recorded for the attempt in flight: its transaction died with the process.
  const { rows: before } = await t.db.query('SELECT status, attempts FROM webhook_deliveries WHERE reservation_id = $1 ORDER BY position_tx, position_seq', [
    reservationId,
  ]);
  expect(before).toEqual([
    { status: 'pending', attempts: 0 },
    { status: 'pending', attempts: 0 },
  ]);

  await startWorkers('workers-2');
  await waitUntil(
    async () => {
      const { rows } = await t.db.query("SELECT 1 FROM webhook_deliveries WHERE reservation_id = $1 AND status = 'delivered'", [reservationId]);
      return rows.length === 2;
    },
    30_000,
    100,
  );
  const types = receiver.received.map((h) => h.json.type);
  expect(types).toEqual(['reservation.created', 'reservation.created', 'reservation.paid']);
  expect(receiver.received[1]!.json.id).toBe(eventId);
}, 120_000);
