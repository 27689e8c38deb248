// Access grants to private Hubs (issue 26) through the API: a request waits for an admin, who
// approves or denies it; autoRegistration grants at once; a grant opens the Hub's detail, my-hubs
// and the booking; a revocation cancels the renter's future bookings there and mails them. The
// queue and the renter hear it live (access:changed), and the Hub's history tells it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../api/auth/users.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { useRealtimeApp } from '../support/realtime-app.js';
import { tokenOf, until } from '../support/socket-listener.js';
import { registerHub, signUp, waitUntil, windowFromNow } from '../support/test-app.js';

const mailer = createMemoryMailer();
const realtime = useRealtimeApp({ mailer });
type Account = Awaited<ReturnType<typeof signUp>>;

const inject = (who: Account | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  realtime.t.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload ? { payload } : {}) });

async function setup(prefix: string) {
  const t = realtime.t;
  await registerHub(t.store, `${prefix}-01`, [{ size: 'P' }, { size: 'M' }], { private: true });
  await registerHub(t.store, `${prefix}-02`, [{ size: 'P' }], { private: true, autoRegistration: true });
  await registerHub(t.store, `${prefix}-03`, [{ size: 'P' }]);
  const admin = await signUp(t, 'Admin', 'admin');
  await waitUntil(async () => (await inject(admin, 'GET', '/api/hubs')).json().filter((h: { id: string }) => h.id.startsWith(prefix)).length === 3);
  return { admin, ana: await renter('Ana Souza'), bruno: await renter('Bruno Lima') };
}

/** A renter made directly (sign-up is rate limited per address, and this file makes many). */
async function renter(name: string): Promise<Account> {
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${randomUUID().slice(0, 8)}@example.com`;
  await createUser(realtime.t.db, { name, email, phone: '11987654321', password: 'secret123', role: 'user' });
  const body = (await realtime.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'secret123' } })).json();
  return { id: body.user.id as string, headers: { authorization: `Bearer ${body.token}` } };
}

const book = (who: Account, hubId: string, offsetHours = 2) =>
  inject(who, 'POST', '/api/reservations/by-size', { hub_id: hubId, size: 'P', ...windowFromNow(1, offsetHours) });

describe('access grants', () => {
  it('a request waits for an admin; approved, the Hub opens to the renter, live', async () => {
    const { admin, ana } = await setup('AG');
    const adminSocket = await realtime.connect(tokenOf(admin));
    const anaSocket = await realtime.connect(tokenOf(ana));

    // No grant: no lockers, no prices, no booking, whatever the client sends.
    const restricted = (await inject(ana, 'GET', '/api/hubs/AG-01')).json();
    expect(restricted.has_access).toBe(false);
    expect(restricted.lockers).toEqual([]);
    expect(Object.values(restricted.availability).every((a) => (a as { price_per_hour: unknown }).price_per_hour === null)).toBe(true);
    expect((await book(ana, 'AG-01')).json().error).toEqual({ code: 'private_hub', message: 'Você precisa solicitar acesso a este Hub privado.' });
    expect((await inject(ana, 'GET', `/api/user-hub-access/check/${ana.id}/AG-01`)).json()).toEqual({
      hasAccess: false,
      reason: 'Você precisa solicitar acesso a este Hub privado.',
      status: 'none',
    });

    const asked = await inject(ana, 'POST', '/api/user-hub-access/request', { hubId: 'ag-01', message: 'Moro no 42' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ id: `AG-01.${ana.id}`, status: 'pending', message: 'Moro no 42' });
    // Asking again while pending changes nothing.
    expect((await inject(ana, 'POST', '/api/user-hub-access/request', { hubId: 'AG-01', message: 'De novo' })).json().message).toBe('Moro no 42');
    await until(() => adminSocket.heard.some((h) => h.event === 'access:changed'), 3_000);
    expect(adminSocket.heard.find((h) => h.event === 'access:changed')!.data).toEqual({ hubId: 'AG-01', userId: ana.id });

    const queue = (await inject(admin, 'GET', '/api/user-hub-access/requests')).json();
    expect(queue[0]).toMatchObject({ id: `AG-01.${ana.id}`, status: 'pending', hubName: expect.any(String), userName: 'Ana Souza', message: 'Moro no 42' });
    expect((await inject(ana, 'GET', `/api/user-hub-access/check/${ana.id}/AG-01`)).json()).toMatchObject({ hasAccess: false, status: 'pending' });

    const approved = await inject(admin, 'POST', `/api/user-hub-access/requests/AG-01.${ana.id}/approve`);
    expect(approved.json()).toMatchObject({ status: 'granted', decidedAt: expect.any(String) });
    await until(() => anaSocket.heard.some((h) => h.event === 'access:changed'), 3_000);

    expect((await inject(ana, 'GET', `/api/user-hub-access/check/${ana.id}/AG-01`)).json()).toEqual({
      hasAccess: true,
      reason: 'Acesso concedido',
      status: 'granted',
    });
    const open = (await inject(ana, 'GET', '/api/hubs/AG-01')).json();
    expect(open.has_access).toBe(true);
    expect(open.lockers).toHaveLength(2);
    const mine = (await inject(ana, 'GET', '/api/user-hub-access/my-hubs')).json().map((h: { id: string }) => h.id);
    expect(mine).toEqual(expect.arrayContaining(['AG-01', 'AG-03']));
    expect(mine).not.toContain('AG-02');
    expect((await book(ana, 'AG-01')).statusCode).toBe(201);
    expect((await inject(admin, 'GET', '/api/hubs/AG-01/members')).json()).toEqual([
      expect.objectContaining({ userId: ana.id, status: 'granted', decidedByName: 'Admin' }),
    ]);
  });

  it('autoRegistration grants at once; a public Hub needs no request', async () => {
    const { bruno } = await setup('AU');
    const granted = await inject(bruno, 'POST', '/api/user-hub-access/request', { hubId: 'AU-02' });
    expect(granted.json()).toMatchObject({ status: 'granted' });
    expect((await inject(bruno, 'GET', '/api/hubs/AU-02')).json().has_access).toBe(true);
    expect((await book(bruno, 'AU-02')).statusCode).toBe(201);
    expect((await inject(bruno, 'POST', '/api/user-hub-access/request', { hubId: 'AU-03' })).json().error.code).toBe('hub_not_private');
    expect((await inject(bruno, 'POST', '/api/user-hub-access/request', { hubId: 'ZZ-99' })).statusCode).toBe(404);
  });

  it('a denied renter reads the reason and may ask again', async () => {
    const { admin, bruno } = await setup('DN');
    await inject(bruno, 'POST', '/api/user-hub-access/request', { hubId: 'DN-01' });
    expect((await inject(admin, 'POST', `/api/user-hub-access/requests/DN-01.${bruno.id}/deny`, { reason: ' ' })).statusCode).toBe(400);
    const denied = await inject(admin, 'POST', `/api/user-hub-access/requests/DN-01.${bruno.id}/deny`, { reason: 'Não é morador' });
    expect(denied.json()).toMatchObject({ status: 'denied', reason: 'Não é morador' });
    expect((await inject(bruno, 'GET', `/api/user-hub-access/check/${bruno.id}/DN-01`)).json()).toEqual({
      hasAccess: false,
      reason: 'Solicitação recusada: Não é morador',
      status: 'denied',
    });
    expect((await inject(admin, 'POST', `/api/user-hub-access/requests/DN-01.${bruno.id}/approve`)).json().error.code).toBe('not_pending');
    expect((await inject(bruno, 'POST', '/api/user-hub-access/request', { hubId: 'DN-01' })).json().status).toBe('pending');
    expect((await inject(admin, 'POST', '/api/user-hub-access/requests/nonsense/approve')).statusCode).toBe(404);
  });

  it("revoking cancels the renter's future bookings at that Hub, mails them, and nothing else of theirs", async () => {
    const { admin, ana } = await setup('RV');
    await inject(ana, 'POST', '/api/user-hub-access/request', { hubId: 'RV-02' });
    const there = (await book(ana, 'RV-02', 3)).json();
    // Paid (one unpaid hold at a time), not yet begun: still a future booking.
    expect((await inject(ana, 'POST', `/api/reservations/${there.id}/pay`, { method: 'pix' })).statusCode).toBe(200);
    const elsewhere = (await book(ana, 'RV-03', 3)).json();
    const revoked = await inject(admin, 'DELETE', `/api/user-hub-access/${ana.id}/RV-02`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', cancelledReservations: [there.id] });
    expect((await inject(ana, 'GET', `/api/reservations/${there.id}`)).json().status).toBe('cancelled');
    expect((await inject(ana, 'GET', `/api/reservations/${elsewhere.id}`)).json().status).toBe('pending');
    expect((await inject(ana, 'GET', '/api/hubs/RV-02')).json().lockers).toEqual([]);
    expect((await book(ana, 'RV-02', 5)).statusCode).toBe(403);
    await waitUntil(async () => mailer.sent.some((m) => m.subject.includes('foi revogado')));
    expect(mailer.sent.find((m) => m.subject.includes('foi revogado'))!.text).toContain('Sua reserva futura neste Hub foi cancelada.');
    expect((await inject(admin, 'DELETE', `/api/user-hub-access/${ana.id}/RV-01`)).json().error.code).toBe('not_granted');

    const history = (await inject(admin, 'GET', '/api/hubs/RV-02/history')).json();
    const kinds = history.items.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['access_requested', 'access_granted', 'access_revoked']));
  });

  it('writes take an Idempotency-Key: a retried approval gets the first answer again', async () => {
    const { admin, ana } = await setup('ID');
    await inject(ana, 'POST', '/api/user-hub-access/request', { hubId: 'ID-01' });
    const approve = () =>
      realtime.t.app.inject({
        method: 'POST',
        url: `/api/user-hub-access/requests/ID-01.${ana.id}/approve`,
        headers: { ...admin.headers, 'idempotency-key': 'approve-ana-id-01' },
      });
    const first = await approve();
    const retry = await approve();
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const { rows } = await realtime.t.db.query("SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'AccessGranted'", [
      `hub-access-ID-01-${ana.id}`,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('a renter asks only about themself', async () => {
    const { admin, ana, bruno } = await setup('CK');
    expect((await inject(ana, 'GET', `/api/user-hub-access/check/${bruno.id}/CK-01`)).statusCode).toBe(403);
    expect((await inject(admin, 'GET', `/api/user-hub-access/check/${bruno.id}/CK-01`)).json().hasAccess).toBe(false);
    expect((await inject(null, 'GET', `/api/user-hub-access/check/${bruno.id}/CK-01`)).statusCode).toBe(401);
  });
});
