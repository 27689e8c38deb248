// The Operators API over HTTP on a fresh database (issue 26 items 5–6): adding an operator mails
// an invitation whose link sets the first password once, within 7 days; the master's rules; a
// renter's e-mail makes the renter staff; a role change and a removal end the operator's
// sessions; every change is an event on operator-{id} that names no one.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../api/auth/users.js';
import { config } from '../../infra/config.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { errorShapeProblem } from '../support/error-shape.js';
import { signUp, startTestApp, waitUntil, type TestApp } from '../support/test-app.js';

const mailer = createMemoryMailer();
let t: TestApp;
let admin: { id: string; headers: Record<string, string> };
let masterId: string;

const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

async function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin.headers) {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null, shape: errorShapeProblem(res, method) };
}

/** The invitation link mailed to `to` (the newest), waiting for it. */
async function invitationToken(to: string, after = 0): Promise<string> {
  let link: string | undefined;
  await waitUntil(async () => {
    const mails = mailer.sent.filter((m) => m.to === to).slice(after);
    link = mails.map((m) => /\/convite#token=(\S+)/.exec(m.text)?.[1]).find(Boolean);
    return link !== undefined;
  });
  return link!;
}

const login = (address: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: address, password } });

beforeAll(async () => {
  t = await startTestApp({ projections: false, mailer });
  admin = await signUp(t, 'Ada', 'admin');
  masterId = (await createUser(t.db, { name: 'Master', email: config.masterOperatorEmail, phone: null, password: 'master123', role: 'admin' })).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('adding an operator', () => {
  it('makes an account without a password and mails a one-time link that sets it', async () => {
    const address = email('carlos');
    const added = await api('POST', '/api/operators', { name: 'Carlos Lima', email: address, phone: '(11) 93456-7890', role: 'logistics', isAdmin: true });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      name: 'Carlos Lima',
      email: address,
      phone: '11934567890',
      role: 'logistics',
      isAdmin: false,
      is_master: false,
      invitation_pending: true,
    });
    expect((await login(address, 'qualquer1')).statusCode).toBe(401);

    const token = await invitationToken(address);
    const mail = mailer.sent.find((m) => m.to === address)!;
    expect(mail.subject).toBe('Convite para operar o Hub');
    expect(mail.text).toContain('(Logística)');

    const verified = await api('POST', '/api/auth/invitation/verify', { token }, {});
    expect(verified.body).toEqual({ data: { name: 'Carlos Lima', email: address } });
    const short = await api('POST', '/api/auth/invitation/accept', { token, password: '123' }, {});
    expect(short.status).toBe(400);
    expect(short.body.error.message).toContain('A senha deve ter pelo menos 6 caracteres.');
    const accepted = await api('POST', '/api/auth/invitation/accept', { token, password: 'novasenha1' }, {});
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.message).toBe('Senha definida! Entre com seu e-mail e a nova senha.');
    const again = await api('POST', '/api/auth/invitation/accept', { token, password: 'outrasenha' }, {});
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: 'invalid_invitation', message: 'Convite inválido ou expirado.' });

    const signedIn = await login(address, 'novasenha1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.role).toBe('logistics');
    const listed = (await api('GET', '/api/operators')).body.find((o: { id: string }) => o.id === added.body.id);
    expect(listed.invitation_pending).toBe(false);
  });

  it('says name and e-mail are required, verbatim, and checks the e-mail', async () => {
    for (const body of [{ email: email('x') }, { name: 'Sem Email' }, { name: '  ', email: email('y') }]) {
      const res = await api('POST', '/api/operators', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'operator_required', message: 'Nome e email são obrigatórios.' });
    }
    const bad = await api('POST', '/api/operators', { name: 'Ana', email: 'nao-e-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('E-mail inválido');
  });

  it("keeps the master's e-mail for the master", async () => {
    const res = await api('POST', '/api/operators', { name: 'Impostor', email: config.masterOperatorEmail.toUpperCase(), role: 'admin' });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'master_email_reserved', message: 'Este email é reservado para o operador master.' });
  });

  it("refuses an operator's e-mail (409) and makes a renter's account staff, with a notice", async () => {
    const address = email('lia');
    expect((await api('POST', '/api/operators', { name: 'Lia', email: address, role: 'logistics' })).status).toBe(201);
    const taken = await api('POST', '/api/operators', { name: 'Lia 2', email: address, role: 'admin' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('email_taken');

    const renter = await signUp(t, 'Renata');
    const renterEmail = (await api('GET', '/api/users/profile/me', undefined, renter.headers)).body.email as string;
    const promoted = await api('POST', '/api/operators', { name: 'Outro Nome', email: renterEmail, role: 'maintenance' });
    expect(promoted.status).toBe(201);
    expect(promoted.body).toMatchObject({ id: renter.id, name: 'Renata', role: 'maintenance', invitation_pending: false });
    await waitUntil(async () => mailer.sent.some((m) => m.to === renterEmail && m.subject === 'Você agora é operador do Hub'));
    // Tokens carry the role: the renter's session ended with the change.
    expect((await api('GET', '/api/users/profile/me', undefined, renter.headers)).status).toBe(401);
  });
});

describe('changing and removing', () => {
  async function activeOperator(role: 'logistics' | 'admin' = 'logistics') {
    const address = email('op');
    const added = await api('POST', '/api/operators', { name: 'Op Ativo', email: address, role });
    const token = await invitationToken(address);
    await api('POST', '/api/auth/invitation/accept', { token, password: 'senha123' }, {});
    const session = (await login(address, 'senha123')).json();
    return { id: added.body.id as string, address, headers: { authorization: `Bearer ${session.token}` } };
  }

  it('ends the sessions of an operator whose role changes', async () => {
    const op = await activeOperator();
    expect((await api('GET', '/api/users/profile/me', undefined, op.headers)).status).toBe(200);
    const same = await api('PUT', `/api/operators/${op.id}`, { name: 'Op Renomeado', role: 'logistics' });
    expect(same.body).toMatchObject({ name: 'Op Renomeado', role: 'logistics' });
    expect((await api('GET', '/api/users/profile/me', undefined, op.headers)).status).toBe(200); // no role change: sessions stay
    const changed = await api('PUT', `/api/operators/${op.id}`, { role: 'admin' });
    expect(changed.body).toMatchObject({ role: 'admin', isAdmin: true });
    expect((await api('GET', '/api/users/profile/me', undefined, op.headers)).status).toBe(401);
  });

  it("keeps an active account's e-mail and moves a pending invitation to a corrected address", async () => {
    const op = await activeOperator();
    const refused = await api('PUT', `/api/operators/${op.id}`, { email: email('novo') });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('email_immutable');

    const typo = email('typo');
    const added = await api('POST', '/api/operators', { name: 'Bruno', email: typo, role: 'logistics' });
    const oldToken = await invitationToken(typo);
    const fixed = email('bruno');
    const moved = await api('PUT', `/api/operators/${added.body.id}`, { email: fixed });
    expect(moved.body.email).toBe(fixed);
    const newToken = await invitationToken(fixed);
    expect((await api('POST', '/api/auth/invitation/verify', { token: oldToken }, {})).status).toBe(400);
    expect((await api('POST', '/api/auth/invitation/verify', { token: newToken }, {})).body.data.email).toBe(fixed);
    expect((await api('PUT', `/api/operators/${added.body.id}`, { email: config.masterOperatorEmail })).body.error.code).toBe('master_email_reserved');
  });

  it('removes an operator: the account stays as a user, its sessions end, it leaves the list', async () => {
    const op = await activeOperator();
    const removed = await api('DELETE', `/api/operators/${op.id}`);
    expect(removed.status).toBe(204);
    expect((await api('GET', '/api/operators')).body.map((o: { id: string }) => o.id)).not.toContain(op.id);
    expect((await api('GET', '/api/users/profile/me', undefined, op.headers)).status).toBe(401);
    const again = (await login(op.address, 'senha123')).json();
    expect(again.user.role).toBe('user');
    expect((await api('DELETE', `/api/operators/${op.id}`)).status).toBe(404);
  });

  it('never removes the master nor changes its e-mail or role; its name may change', async () => {
    const list = (await api('GET', '/api/operators')).body as { id: string; is_master: boolean }[];
    expect(list[0]).toMatchObject({ id: masterId, is_master: true });
    const removed = await api('DELETE', `/api/operators/${masterId}`);
    expect(removed.status).toBe(403);
    expect(removed.body.error).toEqual({ code: 'master_not_removable', message: 'O operador master não pode ser removido.' });
    const emailChange = await api('PUT', `/api/operators/${masterId}`, { email: email('master') });
    expect(emailChange.status).toBe(403);
    expect(emailChange.body.error.code).toBe('master_email_fixed');
    expect((await api('PUT', `/api/operators/${masterId}`, { role: 'user' })).status).toBe(403);
    expect((await api('PUT', `/api/operators/${masterId}`, { name: 'Master Hub', email: config.masterOperatorEmail })).body.name).toBe('Master Hub');
  });

  it('refuses removing oneself', async () => {
    const res = await api('DELETE', `/api/operators/${admin.id}`);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('self_removal');
  });
});

describe('invitations', () => {
  it('expire after 7 days; a resent one replaces the old; none once the password is set', async () => {
    const address = email('tardio');
    const added = await api('POST', '/api/operators', { name: 'Tardio', email: address, role: 'maintenance' });
    const first = await invitationToken(address);
    t.clock.now = new Date(Date.now() + 7 * 86_400_000 + 60_000);
    try {
      expect((await api('POST', '/api/auth/invitation/accept', { token: first, password: 'senha123' }, {})).status).toBe(400);
    } finally {
      t.clock.now = null;
    }
    const sent = mailer.sent.filter((m) => m.to === address).length;
    const resent = await api('POST', `/api/operators/${added.body.id}/invitation`);
    expect(resent).toMatchObject({ status: 202, body: { data: { message: 'Convite reenviado.' } } });
    const second = await invitationToken(address, sent);
    expect(second).not.toBe(first);
    expect((await api('POST', '/api/auth/invitation/accept', { token: second, password: 'senha123' }, {})).status).toBe(200);
    const late = await api('POST', `/api/operators/${added.body.id}/invitation`);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('invitation_accepted');
  });

  it('answers a malformed token like an unknown one', async () => {
    const res = await api('POST', '/api/auth/invitation/verify', { token: 'nada' }, {});
    expect(res.status).toBe(400);
    expect(res.shape).toBeNull();
  });
});

describe('when the event cannot be written', () => {
  it('puts the account back: no operator exists without its event', async () => {
    const address = email('sem-evento');
    const kept = await api('POST', '/api/operators', { name: 'Mantido', email: email('mantido'), role: 'logistics' });
    const appendMany = t.store.appendMany.bind(t.store);
    t.store.appendMany = async () => {
      throw new Error('event store unavailable');
    };
    try {
      expect((await api('POST', '/api/operators', { name: 'Sem Evento', email: address, role: 'admin' })).status).toBe(500);
      expect((await api('PUT', `/api/operators/${kept.body.id}`, { name: 'Outro', role: 'admin' })).status).toBe(500);
      expect((await api('DELETE', `/api/operators/${kept.body.id}`)).status).toBe(500);
    } finally {
      t.store.appendMany = appendMany;
    }
    const list = (await api('GET', '/api/operators')).body as { email: string; id: string }[];
    expect(list.some((o) => o.email === address)).toBe(false);
    expect(list.find((o) => o.id === kept.body.id)).toMatchObject({ name: 'Mantido', role: 'logistics' });
  });
});

describe('the log', () => {
  it('records each change with its actor and no personal data', async () => {
    const address = email('registro');
    const added = await api('POST', '/api/operators', { name: 'Registro Pessoal', email: address, phone: '11934567890', role: 'logistics' });
    await api('PUT', `/api/operators/${added.body.id}`, { name: 'Outro Nome', role: 'partner' });
    await api('DELETE', `/api/operators/${added.body.id}`);
    const events = await t.store.readStream(`operator-${added.body.id}`);
    expect(events.map((e) => e.type)).toEqual(['OperatorAdded', 'OperatorChanged', 'OperatorRemoved']);
    expect(events[0]!.data).toMatchObject({ userId: added.body.id, role: 'logistics', invited: true, by: admin.id });
    expect(events[1]!.data).toMatchObject({ changes: { role: 'partner', fields: ['name'] } });
    expect(events[2]!.data).toMatchObject({ previousRole: 'partner', by: admin.id });
    expect(events.every((e) => (e.metadata as { actor: { id: string } }).actor.id === admin.id)).toBe(true);
    const text = JSON.stringify(events.map((e) => ({ data: e.data, metadata: e.metadata })));
    for (const personal of ['Registro Pessoal', 'Outro Nome', address, '11934567890']) expect(text).not.toContain(personal);
  });
});
