// Issue 24 item 9: an attacker cannot lock a chosen account out. 25 wrong passwords from 25
// addresses exhaust the account's shared failed-login limit; then a stranger's device (and the
// owner on a new one) still waits, but the owner's device that signed in before (its HttpOnly
// device cookie) and the address they signed in from sign in at once, and recovery by e-mail
// still mails a link, even after the attacker used up the per-e-mail limit on recovery mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../api/auth/users.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { startTestApp, waitUntil, type TestApp } from '../support/test-app.js';

const PASSWORD = 'segredo123';
const mailer = createMemoryMailer();
let t: TestApp;
let counter = 0;
const nextIp = () => `10.24.${Math.floor(++counter / 250)}.${(counter % 250) + 1}`;

beforeAll(async () => {
  t = await startTestApp({ projections: false, mailer });
  // The failed-login limits read the app's clock: held still, a wait never runs out during a test
  // (the attacker, paced right, keeps the account's delay going as long as they like).
  t.clock.now = new Date();
}, 60_000);
afterAll(() => t?.close());

/** A login as a browser would send it: from an address, with the cookies this device holds. */
async function login(email: string, password: string, from: { ip: string; cookie?: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from.ip,
    headers: from.cookie ? { cookie: from.cookie } : {},
    payload: { email, password },
  });
  const setCookie = res.headers['set-cookie'];
  const cookies = (setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]).map(String);
  return { status: res.statusCode, code: res.json<{ error?: { code: string } }>().error?.code, cookies };
}

/** The device cookie a sign-in set ('' when none: the owner's browser then sends nothing). */
const deviceCookieOf = (cookies: string[]) => cookies.find((c) => c.startsWith('hub_device_'))?.split(';')[0] ?? '';

async function recover(email: string, from: { ip: string; cookie?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/recover',
    remoteAddress: from.ip,
    headers: from.cookie ? { cookie: from.cookie } : {},
    payload: { email },
  });
}

describe('issue 24 item 9: failed passwords from strangers do not lock the owner out', () => {
  it('after 25 wrong passwords from 25 addresses the owner signs in from a known device or address; strangers still wait; recovery mails', async () => {
    const email = `alvo-${Date.now()}@exemplo.com.br`;
    await createUser(t.db, { name: 'Ana Alvo', email, phone: '11987654321', password: PASSWORD });
    const home = nextIp();
    const first = await login(email, PASSWORD, { ip: home });
    expect(first.status).toBe(200);
    const cookie = deviceCookieOf(first.cookies);

    // The attack: 25 addresses, one wrong password each. After 5 the account makes everyone wait.
    const attack = [];
    for (let i = 0; i < 25; i++) attack.push((await login(email, 'errada', { ip: nextIp() })).status);
    expect(attack.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(attack.slice(5)).toEqual(Array(20).fill(429));

    // A device the account never saw, from a new address, with the right password: still limited.
    const stranger = await login(email, PASSWORD, { ip: nextIp() });
    expect(stranger).toMatchObject({ status: 429, code: 'login_throttled' });
    // A device cookie of another account, or a forged one, does not help either.
    const other = `outra-${Date.now()}@exemplo.com.br`;
    await createUser(t.db, { name: 'Outra', email: other, phone: '11987654321', password: PASSWORD });
    const otherCookie = deviceCookieOf((await login(other, PASSWORD, { ip: nextIp() })).cookies);
    expect((await login(email, PASSWORD, { ip: nextIp(), cookie: otherCookie })).status).toBe(429);
    const [name = '', value = ''] = cookie.split('=');
    const forged = `${name}=${value.slice(0, -4)}${value.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect((await login(email, PASSWORD, { ip: nextIp(), cookie: forged })).status).toBe(429);

    // The owner's device, even from a new address (a phone on mobile data): in at once.
    const device = await login(email, PASSWORD, { ip: nextIp(), cookie });
    expect(device.status).toBe(200);
    // The address the owner signed in from, without the cookie (another browser at home): in too.
    expect((await login(email, PASSWORD, { ip: home })).status).toBe(200);
    // The strangers' failures still hold for strangers.
    expect((await login(email, PASSWORD, { ip: nextIp() })).status).toBe(429);
    // The cookie: HttpOnly, sent only to the sign-in and recovery routes, for a year.
    expect(first.cookies.find((c) => c.startsWith('hub_device_'))).toMatch(/; Path=\/api\/auth; Max-Age=31536000; HttpOnly; SameSite=Strict$/);

    // Recovery: the attacker also spends the per-e-mail limit on recovery mail (3 an hour)...
    for (let i = 0; i < 3; i++) expect((await recover(email, { ip: nextIp() })).statusCode).toBe(202);
    const sentBefore = mailer.sent.filter((m) => m.to === email && m.subject === 'Redefinição de senha do Hub').length;
    expect((await recover(email, { ip: nextIp() })).statusCode).toBe(429);
    // ...and the owner's device still gets a link mailed.
    const asked = await recover(email, { ip: nextIp(), cookie });
    expect(asked.statusCode).toBe(202);
    await waitUntil(async () => mailer.sent.filter((m) => m.to === email && m.subject === 'Redefinição de senha do Hub').length > sentBefore, 5_000);
    const link = /\/reset-password#access_token=[\w-]+&refresh_token=[\w-]+&type=recovery/.exec(mailer.sent.at(-1)!.text);
    expect(link).not.toBeNull();
  }, 90_000);

  it('a failing known device is limited on its own: it cannot be used to try passwords without end', async () => {
    const email = `proprio-${Date.now()}@exemplo.com.br`;
    await createUser(t.db, { name: 'Bia', email, phone: '11987654321', password: PASSWORD });
    const cookie = deviceCookieOf((await login(email, PASSWORD, { ip: nextIp() })).cookies);
    const tries = [];
    for (let i = 0; i < 7; i++) tries.push((await login(email, 'errada', { ip: nextIp(), cookie })).status);
    expect(tries).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Its failures were its own: a stranger's first try is judged, not refused.
    expect((await login(email, 'errada', { ip: nextIp() })).status).toBe(401);
  }, 60_000);
});
