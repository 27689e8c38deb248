// Issue 24 item 4: under `npm start` (embedded PGlite, a pool of one client) account deletion
// never answered, and from then on login and health hung until the process was killed. Here every
// state-changing route the app registers (its route catalog, so a new route is walked too) is
// called once, with a plausible authorised request on the demo data, as `npm start` runs it and
// on the machine's PostgreSQL: each must answer within a few seconds and not with a 5xx, the
// renter's and the admin's account deletions among them, and afterwards health and a login still
// answer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../../api/http/route-catalog.js';
import { signedHeaders } from '../../api/controller/controller-signature.js';
import { demoUsers } from '../../api/seed/demo-data.js';
import { EMBEDDED_ACQUIRE_TIMEOUT_MS } from '../../infra/db/embedded.js';
import { PoolWaitTimeoutError } from '../../infra/db/pool-wait.js';
import { startDemoApp, type DemoApp, type DemoMode } from '../support/demo-app.js';
import { makePng } from '../support/png.js';
import { waitUntil, windowFromNow, windowStartingNow } from '../support/test-app.js';

/** Long enough for argon2 and PGlite on a 2-core box shared with a second CI run; a frozen pool never answers at all. */
const ANSWER_WITHIN_MS = 30_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const account = (role: string) => demoUsers.find((u) => u.role === role)!;

interface Call {
  route: string;
  url?: string;
  token?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

function multipartAvatar() {
  const boundary = `----hub${randomUUID().replace(/-/g, '')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\navatars\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    makePng(1, 1),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function walkEveryWrite(mode: DemoMode) {
  let demo: DemoApp;
  const called = new Set<string>();

  /** One request that must answer in time; the route as registered is noted for the coverage check. */
  async function call({ route, url, token, payload, headers = {} }: Call) {
    const [method, pattern] = route.split(' ') as [string, string];
    called.add(route);
    let timer: NodeJS.Timeout | undefined;
    const answer = demo.app.inject({
      method: method as 'POST',
      url: url ?? pattern,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), ANSWER_WITHIN_MS)));
    const res = await Promise.race([answer, hung]).finally(() => clearTimeout(timer));
    if (res === 'hung') throw new Error(`${route} (${url ?? pattern}) gave no answer within ${ANSWER_WITHIN_MS} ms`);
    expect(res.statusCode, `${route}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
    return res;
  }

  async function login(who: { email: string; password: string }) {
    const res = await call({ route: 'POST /api/auth/login', payload: { email: who.email, password: who.password } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { token: body.token as string, refresh: body.data.session.refresh_token as string, id: body.user.id as string };
  }

  async function mailTo(email: string, subject: RegExp) {
    await waitUntil(async () => demo.mail.some((m) => m.to === email && subject.test(m.subject)), 60_000);
    return demo.mail.filter((m) => m.to === email && subject.test(m.subject)).at(-1)!.text;
  }

  beforeAll(async () => {
    demo = await startDemoApp(mode);
  }, 240_000);
  afterAll(async () => demo?.close());

  it(`issue 24 item 4: every state-changing route answers in time on ${mode}, account deletions included, and health and login still answer`, async () => {
    const renterAccount = account('user');
    const renter = await login(renterAccount);
    const admin = await login(account('admin'));
    const staff = await login(account('logistics'));

    // Sign-up, address confirmation, recovery and reset of a new account.
    const newcomer = `novo-${randomUUID().slice(0, 8)}@example.com`;
    await call({ route: 'POST /api/auth/register', payload: { name: 'Nova Pessoa', email: newcomer, phone: '(11) 98765-4321', password: 'segredo123' } });
    await call({ route: 'POST /api/auth/resend-confirmation', payload: { email: newcomer } });
    const confirmation = /confirmation_token=([\w.-]+)/.exec(await mailTo(newcomer, /confirm/i))![1]!;
    await call({ route: 'POST /api/auth/confirm-email', payload: { token: confirmation } });
    await call({ route: 'POST /api/auth/recover', payload: { email: newcomer } });
    const link = /access_token=([\w-]+)&refresh_token=([\w-]+)/.exec(await mailTo(newcomer, /senha/i))!;
    const tokens = { access_token: link[1], refresh_token: link[2] };
    await call({ route: 'POST /api/auth/recovery/verify', payload: tokens });
    await call({ route: 'POST /api/auth/reset-password', payload: { ...tokens, password: 'outrosegredo1' } });

    const second = await login(renterAccount);
    await call({ route: 'POST /api/auth/refresh', payload: { refresh_token: second.refresh } });
    await call({ route: 'PUT /api/auth/update-phone', token: renter.token, payload: { phone: '(11) 91234-5678' } });
    await call({ route: 'POST /api/auth/social/:provider/callback', url: '/api/auth/social/google/callback', payload: { code: 'x', state: 'y' } });
    await call({ route: 'POST /api/auth/social/session', payload: { code: randomUUID() } });
    await call({
      route: 'POST /api/contact',
      token: renter.token,
      payload: { name: 'Cliente', email: renterAccount.email, subject: 'Dúvida', message: 'Como funciona a coleta?' },
    });

    // Accounts an admin makes and edits; the renter's own profile and picture.
    const made = await call({
      route: 'POST /api/users',
      token: admin.token,
      payload: { name: 'Conta Criada', email: `criada-${randomUUID().slice(0, 8)}@example.com` },
    });
    expect(made.statusCode, made.body).toBe(201);
    const madeId = made.json().id as string;
    await call({
      route: 'POST /api/users/create-in-database',
      token: admin.token,
      payload: { id: randomUUID(), name: 'Outra Conta', email: `outra-${randomUUID().slice(0, 8)}@example.com` },
    });
    await call({ route: 'PUT /api/users/:id', url: `/api/users/${madeId}`, token: admin.token, payload: { city: 'Belo Horizonte' } });
    await call({ route: 'PUT /api/users/profile/me', token: renter.token, payload: { city: 'São Paulo' } });
    const avatar = multipartAvatar();
    await call({ route: 'POST /api/upload', token: renter.token, payload: avatar.body, headers: { 'content-type': avatar.contentType } });

    // An operator (issue 26): added, its invitation mailed and accepted, changed, removed. Each
    // writes the account and an event: on embedded mode's one client, never both at once.
    const operatorEmail = `operador-${randomUUID().slice(0, 8)}@example.com`;
    const operator = await call({
      route: 'POST /api/operators',
      token: admin.token,
      payload: { name: 'Operador Novo', email: operatorEmail, role: 'logistics' },
    });
    expect(operator.statusCode, operator.body).toBe(201);
    const operatorId = operator.json().id as string;
    const invitation = /convite#token=([\w.-]+)/.exec(await mailTo(operatorEmail, /convite/i))![1]!;
    await call({ route: 'POST /api/auth/invitation/verify', payload: { token: invitation } });
    const accepted = await call({ route: 'POST /api/auth/invitation/accept', payload: { token: invitation, password: 'operador123' } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await call({ route: 'POST /api/operators/:id/invitation', url: `/api/operators/${operatorId}/invitation`, token: admin.token });
    const changed = await call({ route: 'PUT /api/operators/:id', url: `/api/operators/${operatorId}`, token: admin.token, payload: { role: 'maintenance' } });
    expect(changed.statusCode, changed.body).toBe(200);
    const removed = await call({ route: 'DELETE /api/operators/:id', url: `/api/operators/${operatorId}`, token: admin.token });
    expect(removed.statusCode, removed.body).toBe(204);

    // A Hub, a locker of it, its changes and removals.
    const hub = await call({
      route: 'POST /api/hubs',
      token: admin.token,
      payload: {
        id: 'ZZ-01',
        name: 'Hub de teste',
        address: 'Rua A, 1',
        zipcode: '01000-000',
        city: 'São Paulo',
        state: 'SP',
        latitude: -23.5,
        longitude: -46.6,
        secret_key: 'ZZ01TESTE9',
        lockers: [{ size: 'P' }],
      },
    });
    expect(hub.statusCode, hub.body).toBe(201);
    await call({ route: 'PUT /api/hubs/:id', url: '/api/hubs/ZZ-01', token: admin.token, payload: { description: 'Atualizado' } });
    const locker = await call({ route: 'POST /api/lockers', token: admin.token, payload: { hub_id: 'ZZ-01', size: 'G' } });
    expect(locker.statusCode, locker.body).toBe(201);
    const lockerId = locker.json().id as string;
    await call({ route: 'PUT /api/lockers/:id', url: `/api/lockers/${lockerId}`, token: admin.token, payload: { price_per_hour: 9 } });
    await call({ route: 'POST /api/lockers/:id/toggle-status', url: `/api/lockers/${lockerId}/toggle-status`, token: admin.token });
    await call({ route: 'DELETE /api/lockers/:id', url: `/api/lockers/${lockerId}`, token: admin.token });
    await call({ route: 'DELETE /api/hubs/:id', url: '/api/hubs/ZZ-01', token: admin.token });

    // The renter's reservations: one paid and left for pickup (claimed, opened, collected), one
    // cancelled, one finalized, so none is open when the account goes.
    // The one left for pickup starts now: goods go in, and codes open, only inside the window.
    const book = async (offsetHours: number) => {
      const window = offsetHours === 0 ? windowStartingNow(1) : windowFromNow(1, offsetHours);
      const res = await call({ route: 'POST /api/reservations/by-size', token: renter.token, payload: { hub_id: 'SP-01', size: 'P', ...window } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const pay = (id: string) =>
      call({ route: 'POST /api/reservations/:id/pay', url: `/api/reservations/${id}/pay`, token: renter.token, payload: { method: 'pix' } });
    const left = await book(0);
    await pay(left);
    await call({ route: 'POST /api/reservations/:id/access-code', url: `/api/reservations/${left}/access-code`, token: renter.token });
    await call({ route: 'POST /api/reservations/:id/leave-for-pickup', url: `/api/reservations/${left}/leave-for-pickup`, token: renter.token });
    await call({ route: 'POST /api/logistics/collections/:id/claim', url: `/api/logistics/collections/${left}/claim`, token: staff.token });
    const otp = await call({ route: 'POST /api/otp/generate/:hubId', url: '/api/otp/generate/SP-01', token: staff.token, payload: {} });
    const secret = (await demo.app.inject({ url: '/api/hubs/SP-01', headers: { authorization: `Bearer ${admin.token}` } })).json().secret_key as string;
    const path = '/api/otp/validate/SP-01';
    const raw = JSON.stringify({ code: otp.json().otp ?? '000000', request_id: randomUUID() });
    await call({ route: 'POST /api/otp/validate/:hubId', url: path, payload: raw, headers: signedHeaders(secret, path, raw, Date.now()) });
    await call({ route: 'POST /api/terminal/:hubId/press', url: '/api/terminal/SP-01/press', token: staff.token, payload: { code: '000000' } });
    await call({ route: 'POST /api/logistics/collections/:id/complete', url: `/api/logistics/collections/${left}/complete`, token: staff.token });
    const cancelled = await book(3);
    await call({ route: 'POST /api/reservations/:id/cancel', url: `/api/reservations/${cancelled}/cancel`, token: renter.token });
    const finalized = await book(5);
    await pay(finalized);
    await call({ route: 'POST /api/reservations/:id/finalize', url: `/api/reservations/${finalized}/finalize`, token: renter.token });
    // Issue 26: access to the private SP-04 asked, approved, revoked, asked again and denied.
    await call({ route: 'POST /api/user-hub-access/request', token: renter.token, payload: { hubId: 'SP-04', message: 'Moro aqui.' } });
    const pair = `SP-04.${renter.id}`;
    expect(
      (await call({ route: 'POST /api/user-hub-access/requests/:id/approve', url: `/api/user-hub-access/requests/${pair}/approve`, token: admin.token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call({ route: 'DELETE /api/user-hub-access/:userId/:hubId', url: `/api/user-hub-access/${renter.id}/SP-04`, token: admin.token })).statusCode,
    ).toBe(200);
    await call({ route: 'POST /api/user-hub-access/request', token: renter.token, payload: { hubId: 'SP-04' } });
    const denied = await call({
      route: 'POST /api/user-hub-access/requests/:id/deny',
      url: `/api/user-hub-access/requests/${pair}/deny`,
      token: admin.token,
      payload: { reason: 'Não.' },
    });
    expect(denied.statusCode, denied.body).toBe(200);
    await call({ route: 'POST /api/auth/signout', token: second.token, payload: { refresh_token: second.refresh } });

    // "Excluir minha conta" (signed in again: the sign-out above ended every session of the
    // account, ADR 0015), then an admin's erasure of another account.
    const again = await login(renterAccount);
    const erased = await call({ route: 'DELETE /api/users/profile/me', token: again.token, payload: { password: renterAccount.password } });
    expect(erased.statusCode, erased.body).toBe(204);
    const erasedByAdmin = await call({ route: 'DELETE /api/users/:id', url: `/api/users/${madeId}`, token: admin.token });
    expect(erasedByAdmin.statusCode, erasedByAdmin.body).toBe(204);
    expect((await demo.db.query('SELECT 1 FROM users WHERE id = ANY($1::uuid[])', [[renter.id, madeId]])).rowCount).toBe(0);

    // Any write route not walked above still gets a request (an admin's, with a made-up id).
    const rest = routesOf(demo.app)
      .filter((r) => WRITE_METHODS.has(r.method) && !called.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    for (const route of new Set(rest)) {
      const url = route
        .split(' ')[1]!
        .replace(/:hubId|:provider/g, 'SP-01')
        .replace(/:\w+/g, randomUUID());
      await call({ route, url, token: admin.token, payload: {} });
    }

    // The process still serves: health and a login answer.
    const health = await demo.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await login(account('admin'));
  }, 600_000);

  if (mode === 'embedded') {
    it('issue 24 item 4: a flow that waits, inside a transaction, for a second client fails promptly instead of freezing the process', async () => {
      const client = await demo.db.connect();
      const started = Date.now();
      try {
        await client.query('BEGIN');
        // The mistake eraseAccount made: a query through the pool while holding its only client.
        const error = await demo.db.query('SELECT 1').then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(PoolWaitTimeoutError);
        expect((error as Error).message).toMatch(/holds the only connection/);
        expect(Date.now() - started).toBeLessThan(EMBEDDED_ACQUIRE_TIMEOUT_MS + 15_000); // slack for a busy machine
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
      // The one client is free again: the process answers.
      expect((await demo.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    }, 120_000);
  }
}

describe('issue 24 item 4: every write answers on embedded PGlite (npm start)', () => walkEveryWrite('embedded'));
describe('issue 24 item 4: every write answers on PostgreSQL', () => walkEveryWrite('postgres'));
