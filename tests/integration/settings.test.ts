// The platform's settings (issue 27 items 6–7) on real PostgreSQL: GET/PUT /api/settings (admin
// only, each change an event with its actor), the public read, and their effects: the booking
// limit and maximum hours, maintenance mode (new bookings refused with its message while a paid
// code still opens its door), contact messages to the new support e-mail, and e-mail
// notifications off stopping the notices they govern. Authorization walk with the issue 26 cast.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from '../../api/controller/controller-signature.js';
import { SettingsMessages } from '../../domain/settings/settings-decide.js';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { errorShapeProblem } from '../support/error-shape.js';
import { CALLERS, castRoles, type Caller } from '../support/role-cast.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow, windowStartingNow, type TestApp } from '../support/test-app.js';

const mailer = createMemoryMailer();
let t: TestApp;
let headers: Record<Caller, Record<string, string>>;
let ids: Record<Caller, string>;
let privateHub: string;

beforeAll(async () => {
  t = await startTestApp({ mailer, supportEmail: 'suporte@hub.test' });
  await registerHub(t.store, 'SE-01', [{ size: 'P' }, { size: 'P' }, { size: 'P' }, { size: 'P' }]);
  ({ headers, ids, privateHub } = await castRoles(t, { privateHub: 'SE-09' }));
  await waitUntil(async () => (await t.db.query("SELECT 1 FROM rm_hubs WHERE id = 'SE-01'")).rowCount === 1);
}, 60_000);

afterAll(async () => t?.close());

const put = (body: object, who: Caller = 'admin') => t.app.inject({ method: 'PUT', url: '/api/settings', headers: headers[who], payload: body });
const book = (who: Record<string, string>, window = windowFromNow(2)) =>
  t.app.inject({ method: 'POST', url: '/api/reservations/by-size', headers: who, payload: { hub_id: 'SE-01', size: 'P', ...window } });

describe('settings', () => {
  it('starts from the environment and records each change with its actor', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/settings', headers: headers.admin });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({
      company_name: 'Hub',
      support_email: 'suporte@hub.test',
      reservation_limit: 5,
      max_reservation_hours: 48,
      maintenance_mode: false,
      email_notifications: true,
      webhooks_enabled: true,
      api_access_enabled: true,
      api_reference_url: '/api/docs',
      updated_at: null,
    });
    const saved = await put({ company_name: 'Hub Lockers', support_phone: '(11) 4002-8922', webhooks_enabled: false, api_access_enabled: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      company_name: 'Hub Lockers',
      support_phone: '1140028922',
      webhooks_enabled: false,
      api_access_enabled: false,
      updated_by: ids.admin,
    });
    const events = await t.store.readStream('settings');
    expect(events.at(-1)).toMatchObject({ type: 'SettingsChanged', data: { by: ids.admin }, metadata: { actor: { id: ids.admin } } });
    // The same values again write nothing.
    await put({ company_name: 'Hub Lockers' });
    expect(await t.store.readStream('settings')).toHaveLength(events.length);
  });

  it('refuses values out of bounds with pt-BR messages', async () => {
    for (const [body, code, message] of [
      [{ reservation_limit: 0 }, 'invalid_reservation_limit', SettingsMessages.reservationLimit],
      [{ max_reservation_hours: 0 }, 'invalid_max_reservation_hours', SettingsMessages.maxReservationHours],
      [{ support_email: 'suporte' }, 'invalid_support_email', SettingsMessages.supportEmail],
      [{ support_phone: '123' }, 'invalid_support_phone', SettingsMessages.supportPhone],
      [{ company_name: ' ' }, 'invalid_company_name', SettingsMessages.companyName],
    ] as const) {
      const res = await put(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code, message });
    }
  });

  it('the limit and maximum hours replace the environment at once', async () => {
    const renter = await signUp(t, 'Lia Limite');
    expect((await put({ reservation_limit: 2, max_reservation_hours: 3 })).statusCode).toBe(200);
    const tooLong = await book(renter.headers, windowFromNow(4));
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    for (const offset of [1, 4]) {
      const ok = await book(renter.headers, windowFromNow(2, offset));
      expect(ok.statusCode, ok.body).toBe(201);
      await t.app.inject({ method: 'POST', url: `/api/reservations/${ok.json().id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
    }
    const third = await book(renter.headers, windowFromNow(2, 8));
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json().error.code).toBe('reservation_limit');
    expect((await put({ reservation_limit: 5, max_reservation_hours: 48 })).statusCode).toBe(200);
    expect((await book(renter.headers, windowFromNow(2, 8))).statusCode).toBe(201);
  });

  it('maintenance refuses new bookings with its message while a paid code still opens its door', async () => {
    const renter = await signUp(t, 'Rui Manutenção');
    const booked = await book(renter.headers, windowStartingNow(2));
    expect(booked.statusCode, booked.body).toBe(201);
    const paid = await t.app.inject({ method: 'POST', url: `/api/reservations/${booked.json().id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
    expect(paid.statusCode, paid.body).toBe(200);

    expect((await put({ maintenance_mode: true })).statusCode).toBe(200);
    const pub = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(pub.json()).toMatchObject({ maintenance_mode: true, maintenance_message: SettingsMessages.maintenance, company_name: 'Hub Lockers' });
    const refused = await book(renter.headers);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toEqual({ code: 'maintenance_mode', message: SettingsMessages.maintenance });

    // The paid reservation's code still opens its door.
    const code = await t.app.inject({ method: 'POST', url: `/api/reservations/${booked.json().id}/access-code`, headers: renter.headers });
    expect(code.statusCode, code.body).toBe(200);
    const path = '/api/otp/validate/SE-01';
    const raw = JSON.stringify({ code: code.json().code, request_id: randomUUID() });
    const opened = await t.app.inject({ method: 'POST', url: path, headers: signedHeaders('SECRET1234', path, raw, Date.now()), payload: raw });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ reservationId: booked.json().id });

    expect((await put({ maintenance_mode: false })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json().maintenance_message).toBeNull();
  });

  it('contact messages go to the support e-mail in force', async () => {
    expect((await put({ support_email: 'atendimento@hub.test' })).statusCode).toBe(200);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Caio', email: 'caio@example.com', subject: 'Dúvida de preço', message: 'Quanto custa?' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(mailer.sent.find((m) => m.subject === '[Contato] Dúvida de preço')?.to).toBe('atendimento@hub.test');
  });

  it('e-mail notifications off stops the renter notices (access revoked)', async () => {
    const emailOf = async (id: string) => (await t.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id])).rows[0]!.email;
    expect((await put({ email_notifications: false })).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/user-hub-access/${ids.granted}/${privateHub}`, headers: headers.admin });
    expect(revoked.statusCode, revoked.body).toBe(200);

    // Turned on again, the next revocation is mailed; the one made while off never is.
    expect((await put({ email_notifications: true })).statusCode).toBe(200);
    const other = await signUp(t, 'Olga Outra');
    await t.app.inject({ method: 'POST', url: '/api/user-hub-access/request', headers: other.headers, payload: { hubId: privateHub } });
    const approved = await t.app.inject({ method: 'POST', url: `/api/user-hub-access/requests/${privateHub}.${other.id}/approve`, headers: headers.admin });
    expect(approved.statusCode, approved.body).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/user-hub-access/${other.id}/${privateHub}`, headers: headers.admin });
    const otherEmail = await emailOf(other.id);
    await waitUntil(async () => mailer.sent.some((m) => m.to === otherEmail && m.subject.includes('revogado')));
    const grantedEmail = await emailOf(ids.granted);
    expect(mailer.sent.filter((m) => m.to === grantedEmail && m.subject.includes('revogado'))).toEqual([]);
  });

  it('only admins read or change the settings; anyone reads the public ones (JSON 401/403)', async () => {
    for (const caller of CALLERS) {
      for (const [method, url, payload] of [
        ['GET', '/api/settings', undefined],
        ['PUT', '/api/settings', { company_name: 'Hub' }],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: headers[caller], ...(payload ? { payload } : {}) });
        const expected = caller === 'admin' ? 200 : caller === 'visitor' ? 401 : 403;
        expect(res.statusCode, `${caller} ${method} ${url}: ${res.body}`).toBe(expected);
        expect(errorShapeProblem(res, method)).toBeNull();
      }
      const pub = await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: headers[caller] });
      expect(pub.statusCode).toBe(200);
    }
  });
});
