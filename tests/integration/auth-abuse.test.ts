// Login abuse: failures are capped per account and per client address in PostgreSQL (so several
// API processes share them), refused attempts cost no argon2 work, and a login flood cannot
// starve other routes because password work is bounded.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_POLICY, createLoginThrottle } from '../../api/auth/login-throttle.js';
import { hashPassword, passwordWorkCompleted, verifyPassword } from '../../api/auth/passwords.js';
import { authRoutes } from '../../api/auth/routes.js';
import { createTokenService } from '../../api/auth/tokens.js';
import { createUser } from '../../api/auth/users.js';
import { installErrorHandler } from '../../api/http/errors.js';
import { createPool } from '../../infra/db/pool.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { registerHub, startTestApp, waitUntil, type TestApp } from '../support/test-app.js';

const PASSWORD = 'segredo123';
const ACCOUNT_MESSAGE = /^Muitas tentativas de login para esta conta\. Tente novamente em (\d+) segundos?\.$/;
const ADDRESS_ERROR = {
  error: { code: 'login_throttled_address', message: 'Muitas tentativas de login deste endereço. Tente novamente mais tarde.' },
};

// The tests below run tens of argon2 checks each (~0.1 s of CPU apiece): seconds alone, minutes
// while a second CI run shares the 2 cores. A test cut off by its timeout would keep logging in
// behind the next ones and move the shared clock under them, so the bounds are generous.
const ARGON2 = { timeout: 240_000 };

let database: TestDatabase;
let pool: pg.Pool;
let app: FastifyInstance; // the real limits
let cappedApp: FastifyInstance; // the account's hourly cap without the delays, to reach it quickly
let now = new Date('2030-01-01T12:00:00Z');
const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));

let counter = 0;
const nextIp = () => `10.${Math.floor(++counter / 60_000) % 250}.${Math.floor(counter / 250) % 240}.${(counter % 250) + 1}`;
const nextEmail = () => `pessoa${++counter}@exemplo.com.br`;

async function buildAuthApp(loginLimits?: Parameters<typeof authRoutes>[1]['loginLimits']) {
  const instance = Fastify({ logger: false });
  installErrorHandler(instance);
  await instance.register(rateLimit, { global: false });
  await instance.register(authRoutes, { db: pool, tokens: createTokenService(randomBytes(32)), clock: () => now, loginLimits });
  await instance.ready();
  return instance;
}

async function login(email: string, password: string, opts: { ip?: string; on?: FastifyInstance } = {}) {
  const res = await (opts.on ?? app).inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: opts.ip ?? nextIp(),
    payload: { email, password },
  });
  const body = res.json<{ error?: { code: string; message: string }; token?: string }>();
  return { status: res.statusCode, body, retryAfter: res.headers['retry-after'] };
}

async function newAccount() {
  const email = nextEmail();
  await createUser(pool, { name: 'Ana', email, phone: '11987654321', password: PASSWORD });
  return email;
}

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url);
  app = await buildAuthApp();
  cappedApp = await buildAuthApp({ account: { ...ACCOUNT_POLICY, maxDelaySeconds: 0 } });
});

afterAll(async () => {
  await app?.close();
  await cappedApp?.close();
  await pool?.end();
  await database?.drop();
});

describe('per-account failure cap', ARGON2, () => {
  it('after 5 failures each attempt waits 2^(n-5) s, capped at 60 s, from any address; refusals run no argon2', async () => {
    const email = await newAccount();
    for (let i = 0; i < 5; i++) expect((await login(email, 'errada')).status).toBe(401);

    for (let failures = 5; failures < 14; failures++) {
      const wait = Math.min(60, 2 ** (failures - 5));
      const workBefore = passwordWorkCompleted();
      // Even the right password is refused during the wait: the check comes before argon2.
      const refused = await login(email, PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.body.error?.code).toBe('login_throttled');
      expect(refused.body.error?.message).toMatch(ACCOUNT_MESSAGE);
      expect(Number(ACCOUNT_MESSAGE.exec(refused.body.error!.message)?.[1])).toBe(wait);
      expect(refused.retryAfter).toBe(String(wait));
      expect(passwordWorkCompleted()).toBe(workBefore);

      later(wait - 1);
      expect((await login(email, 'errada')).status).toBe(429); // a second early is still early
      later(1);
      expect((await login(email, 'errada')).status).toBe(401);
    }
    expect((await login(email, 'errada')).body.error?.message).toBe('Muitas tentativas de login para esta conta. Tente novamente em 60 segundos.');
  });

  it('lets the owner in after at most the current delay, and a success clears the failures', async () => {
    const email = await newAccount();
    for (let i = 0; i < 8; i++) {
      later(60);
      expect((await login(email, 'errada')).status).toBe(401);
    }
    const refused = await login(email, PASSWORD);
    expect(refused.retryAfter).toBe('8'); // 8 failures: 2^3 s
    later(8);
    const ok = await login(email, PASSWORD);
    expect(ok.status).toBe(200);
    expect(typeof ok.body.token).toBe('string');
    // Cleared: five failures in a row are answered again without delay.
    for (let i = 0; i < 5; i++) expect((await login(email, 'errada')).status).toBe(401);
    expect((await login(email, 'errada')).status).toBe(429);
  });

  it('throttles unknown e-mails the same way, per normalized e-mail, so refusals reveal nothing', async () => {
    const known = await newAccount();
    const unknown = nextEmail();
    for (let i = 0; i < 5; i++) {
      expect((await login(known, 'errada')).status).toBe(401);
      expect((await login(i % 2 ? `  ${unknown.toUpperCase()} ` : unknown, 'errada')).status).toBe(401);
    }
    const a = await login(known, 'errada');
    const b = await login(unknown.toUpperCase(), 'errada');
    expect(b).toEqual(a);
    expect(a.status).toBe(429);
  });

  it('lets exactly 5 of 30 simultaneous attempts on one account reach the password check', async () => {
    const email = await newAccount();
    const results = await Promise.all(Array.from({ length: 30 }, () => login(email, 'errada')));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
  });

  it('allows at most 100 failures an hour per account; the window then starts again', async () => {
    const email = nextEmail(); // unknown e-mails count too
    const start = now.getTime();
    for (let batch = 0; batch < 10; batch++) {
      const results = await Promise.all(Array.from({ length: 10 }, () => login(email, 'errada', { on: cappedApp })));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(401));
      later(60);
    }
    const capped = await login(email, 'errada', { on: cappedApp });
    expect(capped.status).toBe(429);
    const windowLeft = Math.ceil((start + 3_600_000 - now.getTime()) / 1000);
    expect(capped.retryAfter).toBe(String(windowLeft));
    now = new Date(start + 3_600_000);
    expect((await login(email, 'errada', { on: cappedApp })).status).toBe(401);
  });
});

describe('per-address ceiling across e-mails', ARGON2, () => {
  it('answers 429 to a password spray: 40 failed logins with 40 different e-mails from one address', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    let first: Awaited<ReturnType<typeof login>> | undefined;
    for (let i = 0; i < 40; i++) {
      const res = await login(nextEmail(), 'errada', { ip });
      statuses.push(res.status);
      if (res.status === 429) first ??= res;
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(20).fill(429));
    expect(first?.body).toEqual(ADDRESS_ERROR);
    expect(Number(first?.retryAfter)).toBeGreaterThan(0);
    expect(Number(first?.retryAfter)).toBeLessThanOrEqual(600);

    // The address, not the accounts, is refused: a real login from it waits too, others do not.
    const email = await newAccount();
    expect((await login(email, PASSWORD, { ip })).body).toEqual(ADDRESS_ERROR);
    expect((await login(email, PASSWORD)).status).toBe(200);
    later(600);
    expect((await login(email, PASSWORD, { ip })).status).toBe(200);
  });

  it('counts only failures: many people signing in from one address are not refused', async () => {
    const ip = nextIp();
    const accounts = await Promise.all(Array.from({ length: 25 }, () => newAccount()));
    for (const email of accounts) expect((await login(email, PASSWORD, { ip })).status).toBe(200);
    for (let i = 0; i < 20; i++) expect((await login(nextEmail(), 'errada', { ip })).status).toBe(401);
    expect((await login(nextEmail(), 'errada', { ip })).status).toBe(429);
    // About 70 argon2 hashes and checks: ~25 s on an idle 2-core machine, more when it is busy.
  });

  it('does not refuse concurrent attempts whose clocks reach the table out of order', async () => {
    // Three people behind one address sign in at once; the request stamped first may claim last.
    const throttle = createLoginThrottle(pool);
    const ip = nextIp();
    const at = new Date(now.getTime() + 3_600_000);
    await throttle.begin(nextEmail(), ip, new Date(at.getTime() + 5));
    await throttle.begin(nextEmail(), ip, new Date(at.getTime() + 2)); // an earlier stamp, later claim
    await throttle.begin(nextEmail(), ip, at);
    const { rows } = await pool.query<{ last: Date }>('SELECT max(last_failure_at) AS last FROM login_throttle WHERE last_failure_at >= $1', [at]);
    expect(rows[0]?.last.getTime()).toBe(at.getTime() + 5); // never moved back
  });

  it('treats one IPv6 /64 as one address', async () => {
    const prefix = `2001:db8:${(++counter).toString(16)}:1`;
    for (let i = 1; i <= 20; i++) expect((await login(nextEmail(), 'errada', { ip: `${prefix}::${i.toString(16)}` })).status).toBe(401);
    expect((await login(nextEmail(), 'errada', { ip: `${prefix}:ffff:ffff:ffff:ffff` })).body).toEqual(ADDRESS_ERROR);
    expect((await login(nextEmail(), 'errada', { ip: `2001:db8:${counter.toString(16)}:2::1` })).status).toBe(401);
  });
});

describe('login_throttle rows', ARGON2, () => {
  it('are pruned once their window is over, by the processes that use the table', async () => {
    const count = async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM login_throttle')).rows[0]?.n);
    const throttle = createLoginThrottle(pool);
    const at = new Date(now.getTime() + 86_400_000);
    await throttle.begin(nextEmail(), nextIp(), at);
    expect(await count()).toBeGreaterThanOrEqual(2);
    const stored = await pool.query<{ key: string }>('SELECT key FROM login_throttle');
    expect(stored.rows.every((r) => /^[0-9a-f]{64}$/.test(r.key))).toBe(true); // no e-mail or address in clear

    // Every 100th claim in a process deletes the rows whose window has ended (all of them, a day later).
    const dayLater = new Date(at.getTime() + 86_400_000);
    for (let i = 0; i < 50; i++) await throttle.begin(`prune-${i}@exemplo.com.br`, nextIp(), dayLater);
    const left = await pool.query<{ n: string }>('SELECT count(*) AS n FROM login_throttle WHERE window_ends_at <= $1', [dayLater]);
    expect(Number(left.rows[0]?.n)).toBe(0);
    expect(await count()).toBeGreaterThan(0); // the day-later rows stay
  });
});

describe('bounded password work', ARGON2, () => {
  it('answers 503 busy with Retry-After to logins and sign-ups while 50 password checks wait', async () => {
    const hash = await hashPassword('qualquer');
    const email = await newAccount();
    // Fill the limiter: 2 running, 50 waiting; the rest is refused at once.
    const work = Array.from({ length: 60 }, () =>
      verifyPassword(hash, 'outra').then(
        () => 'done',
        (e: Error) => e.name,
      ),
    );
    const loginRes = await login(email, PASSWORD);
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: nextIp(),
      payload: { name: 'Ana', email: nextEmail(), phone: '11987654321', password: PASSWORD },
    });
    const busy = { error: { code: 'busy', message: 'Servidor ocupado. Tente novamente em instantes.' } };
    expect({ status: loginRes.status, body: loginRes.body, retryAfter: loginRes.retryAfter }).toEqual({ status: 503, body: busy, retryAfter: '1' });
    expect({ status: signUp.statusCode, body: signUp.json(), retryAfter: signUp.headers['retry-after'] }).toEqual({ status: 503, body: busy, retryAfter: '1' });
    const outcomes = await Promise.all(work);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(52);
    expect(outcomes.filter((o) => o === 'RetryLaterError')).toHaveLength(8);
    // A busy answer judged nothing: the account has no failure on record and signs in now.
    expect((await login(email, PASSWORD)).status).toBe(200);
  });
});

describe('a login flood', ARGON2, () => {
  let t: TestApp;
  let base = '';
  beforeAll(async () => {
    t = await startTestApp();
    await registerHub(t.store, 'FL-01', [{ size: 'P' }, { size: 'M' }]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    await waitUntil(async () => ((await (await fetch(`${base}/api/hubs`)).json()) as unknown[]).length === 1);
  });
  afterAll(() => t?.close());

  /** A login over a real connection from a source address of its own (all of 127/8 is loopback). */
  function floodLogin(i: number, email: string, password: string) {
    return new Promise<{ status: number; body: { error?: { code: string; message: string } }; retryAfter?: string }>((resolve, reject) => {
      const payload = JSON.stringify({ email, password });
      const req = httpRequest(
        `${base}/api/auth/login`,
        { method: 'POST', agent: false, localAddress: `127.0.${Math.floor(i / 250)}.${(i % 250) + 2}`, headers: { 'content-type': 'application/json' } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), retryAfter: res.headers['retry-after'] });
            } catch (error) {
              reject(new Error(`login ${i}: not JSON (${res.statusCode}): ${text}`, { cause: error }));
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  it('while 200 logins are in flight, GET /api/hubs still answers 200 quickly', async () => {
    const accounts = await Promise.all(
      Array.from({ length: 3 }, async (_, i) => {
        const email = `flood-owner-${i}-${counter}@exemplo.com.br`;
        await createUser(t.db, { name: 'Ana', email, phone: '11987654321', password: PASSWORD });
        return email;
      }),
    );
    let done = 0;
    const logins = Array.from({ length: 200 }, (_, i) => {
      const [email, password] = i < accounts.length ? [accounts[i]!, PASSWORD] : [`flood-${i}-${counter}@exemplo.com.br`, 'errada'];
      return floodLogin(i, email, password).finally(() => done++);
    });
    await new Promise((r) => setTimeout(r, 50)); // let the flood arrive

    const started = Date.now();
    const hubs = await fetch(`${base}/api/hubs`);
    const elapsed = Date.now() - started;
    // The server runs in this process: a file read here needs libuv's thread pool, as
    // @fastify/static's reads do, and must not queue behind the argon2 work.
    const readStarted = Date.now();
    await readFile(new URL(import.meta.url));
    const readMs = Date.now() - readStarted;
    const doneWhenAnswered = done;
    expect(hubs.status).toBe(200);
    expect(((await hubs.json()) as { id: string }[]).map((h) => h.id)).toEqual(['FL-01']);
    expect(elapsed).toBeLessThan(2_000);
    expect(readMs).toBeLessThan(500);

    const results = await Promise.all(logins);
    expect(doneWhenAnswered).toBeLessThan(200); // the logins really were still in flight
    const expected: Record<number, string | undefined> = { 200: undefined, 401: 'invalid_credentials', 429: 'login_throttled', 503: 'busy' };
    for (const res of results) {
      expect(Object.keys(expected)).toContain(String(res.status));
      expect(res.body.error?.code).toBe(expected[res.status]);
    }
    const busy = results.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0); // the bound was reached, and answered at once
    for (const res of busy) {
      expect(res.body).toEqual({ error: { code: 'busy', message: 'Servidor ocupado. Tente novamente em instantes.' } });
      expect(res.retryAfter).toBe('1');
    }
  });
});
