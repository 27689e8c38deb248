// The profile (GET/PUT /api/users/profile/me) and the privacy rights (issue 10 parts 4 and 6):
// only changed fields are written, empty values become null, documents are checked with their
// check digits and stored as digits, the e-mail never changes; "Baixar meus dados" gives back
// everything held, reservations with their history; "Excluir minha conta" is refused while a
// reservation is open, then erases the person: no row outside the event log holds their name,
// e-mail, phone or documents (every table scanned), login is refused, and
// `npm run projections:rebuild` still gives back the live read models.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccountToken } from '../../api/auth/account-tokens.js';
import { projectors } from '../../projections/all.js';
import { catchUp } from '../../projections/runner.js';
import { errorShapeProblem } from '../support/error-shape.js';
import { runRebuildScript, snapshotReadModels } from '../support/read-models.js';
import { makePng, uploadForm } from '../support/upload-files.js';
import { registerHub, signUp, startTestApp, windowFromNow, windowStartingNow, type TestApp } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;

let t: TestApp;
let ana: Account;
let admin: Account;
let anaEmail: string;

// As in projections-rebuild.test.ts: the read models follow the log only when a command waits for
// them, so nothing projects while the rebuild runs.
let catchingUp = Promise.resolve();
const catchUpAll = () => {
  catchingUp = catchingUp.then(async () => {
    for (const projector of projectors) await catchUp(t.db, t.store, projector);
  });
  return catchingUp;
};

const as = (who: Account, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

const PROFILE = {
  name: 'Ana Beatriz Souza',
  phone: '(31) 3456-7890',
  rg: 'MG-12.345.678',
  cpf: '529.982.247-25',
  cnpj: '11.222.333/0001-81',
  address: 'Rua das Acácias Raras',
  address_number: '742',
  complement: 'Apto 1501',
  neighborhood: 'Funcionários Leste',
  city: 'Belo Horizonte',
  state: 'mg',
  postal_code: '30130-100',
};

beforeAll(async () => {
  t = await startTestApp({ projections: false, awaitProjections: async () => (await catchUpAll(), true) });
  await t.app.ready();
  await registerHub(t.store, 'PF-01', [{ size: 'P' }, { size: 'M' }]);
  ana = await signUp(t, 'Ana');
  admin = await signUp(t, 'Ada', 'admin');
  anaEmail = (await as(ana, 'GET', '/api/users/profile/me')).json().email;
}, 60_000);

afterAll(async () => t?.close());

describe('profile', () => {
  it('stores every profile field, documents as digits, and answers the client shape', async () => {
    const res = await as(ana, 'PUT', '/api/users/profile/me', PROFILE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: ana.id,
      email: anaEmail,
      name: 'Ana Beatriz Souza',
      phone: '3134567890',
      rg: 'MG-12.345.678',
      cpf: '52998224725',
      cnpj: '11222333000181',
      postal_code: '30130100',
      state: 'MG',
      city: 'Belo Horizonte',
      role: 'user',
      isAdmin: false,
      hidePublics: false,
    });
    expect(res.body).not.toMatch(/password_hash|\$argon2/); // no hash, nor its column
    expect((await as(ana, 'GET', '/api/users/profile/me')).json()).toEqual(res.json());
  });

  it('writes only the fields sent; an empty value becomes null', async () => {
    const before = (await t.db.query('SELECT updated_at FROM users WHERE id = $1', [ana.id])).rows[0].updated_at as Date;
    const res = await as(ana, 'PUT', '/api/users/profile/me', { complement: '', rg: '   ' });
    expect(res.json()).toMatchObject({ complement: null, rg: null, address: PROFILE.address, cpf: '52998224725' });
    // Nothing changed: nothing written (updated_at stays).
    const unchanged = await as(ana, 'PUT', '/api/users/profile/me', { city: 'Belo Horizonte', email: anaEmail.toUpperCase() });
    expect(unchanged.statusCode).toBe(200);
    const after = (await t.db.query('SELECT updated_at FROM users WHERE id = $1', [ana.id])).rows[0].updated_at as Date;
    expect(after.getTime()).toBeGreaterThan(before.getTime());
    const again = (await t.db.query('SELECT updated_at FROM users WHERE id = $1', [ana.id])).rows[0].updated_at as Date;
    expect(again).toEqual(after);
  });

  it('refuses a new e-mail, bad check digits, a bad CEP, phone or state, and a blank name, in pt-BR', async () => {
    const cases: Array<[object, string]> = [
      [{ email: 'outra@example.com' }, 'O e-mail não pode ser alterado por questões de segurança'],
      [{ cpf: '529.982.247-24' }, 'CPF inválido'],
      [{ cpf: '111.111.111-11' }, 'CPF inválido'],
      [{ cnpj: '11.222.333/0001-82' }, 'CNPJ inválido'],
      [{ postal_code: '3013-100' }, 'CEP inválido'],
      [{ phone: '3456-7890' }, 'Telefone inválido. Por favor, insira um número válido com DDD.'],
      [{ state: 'XX' }, 'Estado inválido'],
      [{ name: '' }, 'Nome é obrigatório'],
      [{ avatar_url: 'javascript:alert(1)' }, 'Endereço da foto inválido'],
    ];
    for (const [payload, message] of cases) {
      const res = await as(ana, 'PUT', '/api/users/profile/me', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message, JSON.stringify(payload)).toContain(message);
      expect(errorShapeProblem(res, 'PUT')).toBeNull();
    }
    const { rows } = await t.db.query('SELECT email, cpf, name FROM users WHERE id = $1', [ana.id]);
    expect(rows[0]).toEqual({ email: anaEmail, cpf: '52998224725', name: 'Ana Beatriz Souza' });
  });

  it('issue 24 item 11: accepts an alphanumeric CNPJ, masked or in lower case, and stores it upper-case without the mask', async () => {
    for (const cnpj of ['12.ABC.345/01DE-35', '12abc34501de35']) {
      const res = await as(ana, 'PUT', '/api/users/profile/me', { cnpj });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().cnpj).toBe('12ABC34501DE35');
      const { rows } = await t.db.query('SELECT cnpj FROM users WHERE id = $1', [ana.id]);
      expect(rows[0].cnpj).toBe('12ABC34501DE35');
      await as(ana, 'PUT', '/api/users/profile/me', { cnpj: '' }); // so the next form is a change
    }
    for (const cnpj of ['12.ABC.345/01DE-36', '12ABC34501DE3A', '12ABC#34501DE35']) {
      const res = await as(ana, 'PUT', '/api/users/profile/me', { cnpj });
      expect(res.statusCode, cnpj).toBe(400);
      expect(res.json().error.message, cnpj).toContain('CNPJ inválido');
    }
    // A numeric CNPJ still goes through as before.
    expect((await as(ana, 'PUT', '/api/users/profile/me', { cnpj: PROFILE.cnpj })).json().cnpj).toBe('11222333000181');
  });

  it('a visitor is told the user is not authenticated', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/profile/me', payload: { city: 'X' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'Usuário não está autenticado' } });
  });
});

describe('privacy rights', () => {
  let reservationId: string;

  it('"Baixar meus dados" gives back the account, sessions and reservations with their history', async () => {
    const booked = await as(ana, 'POST', '/api/reservations/by-size', { hub_id: 'PF-01', size: 'P', ...windowStartingNow(2) });
    expect(booked.statusCode, booked.body).toBe(201);
    reservationId = booked.json().id;
    expect((await as(ana, 'POST', `/api/reservations/${reservationId}/pay`, { method: 'pix' })).statusCode).toBeLessThan(300);
    expect((await as(ana, 'POST', `/api/reservations/${reservationId}/access-code`)).statusCode).toBeLessThan(300);

    const res = await as(ana, 'GET', '/api/users/profile/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="hub-meus-dados-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(data.account).toMatchObject({ id: ana.id, email: anaEmail, cpf: '52998224725', city: 'Belo Horizonte' });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.reservations).toHaveLength(1);
    expect(data.reservations[0]).toMatchObject({ id: reservationId, status: 'active', hub: { id: 'PF-01' } });
    const types = data.reservations[0].history.map((h: { type: string }) => h.type);
    expect(types[0]).toBe('ReservationCreated');
    expect(types).toEqual(expect.arrayContaining(['PaymentConfirmed', 'AccessCodeIssued']));
    expect(data.reservations[0].history[0]).toMatchObject({ at: expect.any(String), data: { reservationId, userId: ana.id, hubId: 'PF-01' } });
    expect(res.body).not.toMatch(/codeHash|password|token_hash/);
  });

  it('"Excluir minha conta" asks for the password and is refused while a reservation is open', async () => {
    const wrong = await as(ana, 'DELETE', '/api/users/profile/me', { password: 'errada' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: { code: 'invalid_password', message: 'Senha incorreta.' } });
    const open = await as(ana, 'DELETE', '/api/users/profile/me', { password: 'secret123' });
    expect(open.statusCode).toBe(409);
    expect(open.json().error).toEqual({
      code: 'open_reservations',
      message:
        'Não é possível excluir sua conta enquanto houver reserva ativa, pendente ou aguardando coleta. Finalize ou cancele suas reservas e tente novamente.',
    });
    // Also for an admin erasing the account.
    expect((await as(admin, 'DELETE', `/api/users/${ana.id}`)).statusCode).toBe(409);
    expect((await t.db.query('SELECT 1 FROM users WHERE id = $1', [ana.id])).rowCount).toBe(1);
  });

  it('erases the person: signed out everywhere, login refused, no row outside the log holds their data', async () => {
    expect((await as(ana, 'POST', `/api/reservations/${reservationId}/finalize`)).statusCode).toBeLessThan(300);
    const refreshTokens = await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM refresh_tokens WHERE user_id = $1', [ana.id]);
    expect(Number(refreshTokens.rows[0]!.n)).toBeGreaterThan(0);

    // What the mail features hold about her: contact messages (signed in, and as a visitor with
    // her e-mail in another case) and live recovery and confirmation links.
    const contact = { subject: 'Dúvida', message: 'Meu nome é Ana Beatriz Souza, telefone (31) 3456-7890.' };
    expect((await as(ana, 'POST', '/api/contact', { name: 'Ana Beatriz Souza', email: anaEmail, ...contact })).statusCode).toBe(201);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Ana B. S.', email: anaEmail.toUpperCase(), ...contact } });
    expect(visitor.statusCode).toBe(201);
    await issueAccountToken(t.db, ana.id, 'recovery', new Date());
    await issueAccountToken(t.db, ana.id, 'confirmation', new Date());
    expect((await t.db.query('SELECT 1 FROM contact_messages WHERE lower(email) = $1', [anaEmail])).rowCount).toBe(2);

    // Two pictures sent (the first replaced by the second), and someone else's.
    const upload = async (who: Account) => {
      const form = uploadForm('avatars', makePng(8, 8), 'eu.png');
      const sent = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...who.headers, ...form.headers }, payload: form.payload });
      expect(sent.statusCode, sent.body).toBe(201);
      return sent.json<{ url: string }>().url;
    };
    const anaPictures = [await upload(ana), await upload(ana)];
    expect((await as(ana, 'PUT', '/api/users/profile/me', { avatar_url: anaPictures[1] })).statusCode).toBe(200);
    const adminPicture = await upload(admin);
    const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    expect(await Promise.all(anaPictures.map(served))).toEqual([200, 200]);

    const res = await as(ana, 'DELETE', '/api/users/profile/me', { password: 'secret123' });
    expect(res.statusCode, res.body).toBe(204);
    expect(await Promise.all(anaPictures.map(served))).toEqual([404, 404]); // every picture she sent
    expect(await served(adminPicture)).toBe(200);
    expect((await t.db.query('SELECT 1 FROM contact_messages WHERE lower(email) = $1', [anaEmail])).rowCount).toBe(0);
    expect((await t.db.query('SELECT 1 FROM account_tokens WHERE user_id = $1', [ana.id])).rowCount).toBe(0);

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: anaEmail, password: 'secret123' } });
    expect(login.statusCode).toBe(401);
    expect(login.json().error.message).toBe('Falha no login: Verifique suas credenciais');
    expect((await as(ana, 'GET', '/api/users/profile/me')).statusCode).toBe(401);
    expect((await t.db.query('SELECT 1 FROM refresh_tokens WHERE user_id = $1', [ana.id])).rowCount).toBe(0);

    // Every text-like column of every table but the event log, searched for each value.
    const needles = [
      anaEmail,
      'Ana Beatriz Souza',
      '3134567890',
      '(31) 3456-7890',
      '52998224725',
      '529.982.247-25',
      '11222333000181',
      'MG-12.345.678',
      'Rua das Acácias Raras',
      'Funcionários Leste',
      '30130100',
    ];
    const { rows: columns } = await t.db.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
        WHERE c.table_schema = 'public' AND c.data_type IN ('text', 'character varying', 'character', 'jsonb', 'json')
          AND c.table_name <> 'events'`,
    );
    const tables = new Set(columns.map((c) => c.table_name));
    expect([...tables]).toEqual(
      expect.arrayContaining(['users', 'rm_reservations', 'rm_locker_history', 'idempotency_keys', 'login_throttle', 'contact_messages', 'account_tokens']),
    );
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      for (const needle of needles) {
        const hit = await t.db.query(`SELECT 1 FROM "${table_name}" WHERE position(lower($1) in lower("${column_name}"::text)) > 0 LIMIT 1`, [needle]);
        if (hit.rowCount) found.push(`${table_name}.${column_name}: ${needle}`);
      }
    }
    expect(found).toEqual([]);

    // The history keeps the facts, with the id and no name: the renter reads 'Usuário removido'.
    const history = await as(admin, 'GET', '/api/hubs/PF-01/history');
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain('Usuário removido');
    expect(history.body).not.toContain('Ana Beatriz');
    const kept = await t.db.query('SELECT count(*)::int AS n FROM rm_reservations WHERE user_id = $1', [ana.id]);
    expect(kept.rows[0].n).toBe(1);
    // And the log itself holds no personal data either: only the id.
    const log = await t.db.query(`SELECT 1 FROM events WHERE data::text ILIKE ANY($1) OR metadata::text ILIKE ANY($1)`, [needles.map((n) => `%${n}%`)]);
    expect(log.rowCount).toBe(0);
  });

  it('npm run projections:rebuild still equals the live read models', async () => {
    await catchUpAll();
    const snapshot = () => snapshotReadModels(t.db, projectors);
    const before = await snapshot();
    expect(before.rm_reservations!.length).toBe(1);
    const { code, output } = await runRebuildScript(t.url);
    expect(code, output).toBe(0);
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  it('a booking the read model has not seen yet still blocks the erasure (the renter stream knows it)', async () => {
    const carla = await signUp(t, 'Carla');
    const booked = await as(carla, 'POST', '/api/reservations/by-size', { hub_id: 'PF-01', size: 'M', ...windowFromNow(1, 3) });
    expect(booked.statusCode, booked.body).toBe(201);
    // Stands for projection lag: the read model's row is gone (this test runs after the rebuild check).
    await t.db.query('DELETE FROM rm_reservations WHERE id = $1', [booked.json().id]);
    const res = await as(carla, 'DELETE', '/api/users/profile/me', { password: 'secret123' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('open_reservations');
  });

  it('an account without a password (social sign-in) confirms the erasure with its e-mail', async () => {
    const dora = await signUp(t, 'Dora');
    expect((await as(dora, 'GET', '/api/users/profile/me')).json().confirmDeletionWith).toBe('password');
    const emailOnly = await as(dora, 'DELETE', '/api/users/profile/me', { email: 'x@example.com' });
    expect(emailOnly.json()).toEqual({ error: { code: 'validation_error', message: 'Informe sua senha para confirmar' } });

    await t.db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [dora.id]);
    const profile = (await as(dora, 'GET', '/api/users/profile/me')).json();
    expect(profile.confirmDeletionWith).toBe('email');
    const withPassword = await as(dora, 'DELETE', '/api/users/profile/me', { password: 'secret123' });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json()).toEqual({ error: { code: 'validation_error', message: 'Digite seu e-mail para confirmar' } });
    const wrong = await as(dora, 'DELETE', '/api/users/profile/me', { email: 'outra@example.com' });
    expect(wrong.json()).toEqual({ error: { code: 'invalid_confirmation', message: 'O e-mail digitado não é o da sua conta.' } });
    expect((await t.db.query('SELECT 1 FROM users WHERE id = $1', [dora.id])).rowCount).toBe(1);

    const done = await as(dora, 'DELETE', '/api/users/profile/me', { email: ` ${String(profile.email).toUpperCase()} ` });
    expect(done.statusCode, done.body).toBe(204);
    expect((await t.db.query('SELECT 1 FROM users WHERE id = $1', [dora.id])).rowCount).toBe(0);
  });

  it('an admin erases an account with no open reservation; an unknown id is a JSON 404', async () => {
    const bruno = await signUp(t, 'Bruno');
    expect((await as(admin, 'DELETE', `/api/users/${bruno.id}`)).statusCode).toBe(204);
    expect((await t.db.query('SELECT 1 FROM users WHERE id = $1', [bruno.id])).rowCount).toBe(0);
    const again = await as(admin, 'DELETE', `/api/users/${bruno.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: { code: 'not_found', message: 'Usuário não encontrado' } });
    expect((await as(admin, 'DELETE', `/api/users/${randomUUID()}`)).statusCode).toBe(404);
  });
});
