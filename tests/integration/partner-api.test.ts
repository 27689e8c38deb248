// The partner API (issue 27 item 3) on real PostgreSQL: a partner books for its end
// customer with an Idempotency-Key (a retry writes nothing twice and answers the same), the
// booking is paid as 'partner_invoice', its access code is read while valid, it is cancelled
// (the reason says by the partner); the list filters and pages by cursor, newest first, across
// bookings landing meanwhile; the Hubs list shows availability and prices in cents; the maximum
// hours, maintenance mode and the API-access switch apply at once. The reference: openapi-document.test.ts.
// The rate limit: partner-api-rate-limit.test.ts; the dashboard's screens naming the customer:
// partner-bookings-elsewhere.test.ts; who may call what: partner-api-authorization.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsMessages } from '../../domain/settings/settings-decide.js';
import type { TestPartner } from '../support/partner-api.js';
import { createPartnerWithToken, putSettings } from '../support/partner-api.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow, windowStartingNow } from '../support/test-app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
let aurora: TestPartner;
const V1 = '/api/partner/v1';

type Method = 'GET' | 'POST';
const call = (p: TestPartner, method: Method, url: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url: `${V1}${url}`,
    headers: { ...p.headers, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

const booking = (over: object = {}) => ({
  hub_id: 'pt-01',
  size: 'M',
  ...windowFromNow(2),
  customer: { name: 'Beatriz Lima', email: 'Beatriz@Example.com', phone: '(11) 98765-4321' },
  ...over,
});

const countEvents = async (type: string) => Number((await t.db.query('SELECT count(*) AS n FROM events WHERE type = $1', [type])).rows[0].n);

beforeAll(async () => {
  t = await startTestApp();
  await registerHub(t.store, 'PT-01', [{ size: 'M', priceCents: 750 }, { size: 'M', priceCents: 900 }, { size: 'M' }, { size: 'G', priceCents: 1200 }], {
    private: true,
  });
  await registerHub(t.store, 'PT-02', [{ size: 'P' }]);
  admin = await signUp(t, 'Ada', 'admin');
  await waitUntil(async () => (await t.db.query("SELECT 1 FROM rm_hubs WHERE id IN ('PT-01', 'PT-02')")).rowCount === 2);
  aurora = await createPartnerWithToken(t, admin, 'Aurora', ['PT-01']);
}, 60_000);

afterAll(async () => t?.close());

describe('the partner API', () => {
  it("lists the partner's Hubs only, with availability per size and prices in cents", async () => {
    const res = await call(aurora, 'GET', '/hubs');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.window).toBeNull();
    expect(body.data.map((h: { id: string }) => h.id)).toEqual(['PT-01']);
    expect(body.data[0]).toMatchObject({
      private: true,
      availability: {
        M: { total: 3, available: 3, price_per_hour: 500 },
        G: { total: 1, available: 1, price_per_hour: 1200 },
        P: { total: 0, available: 0, price_per_hour: null },
      },
    });
    const both = await call(aurora, 'GET', `/hubs?start_time=${encodeURIComponent(windowFromNow(1).start_time)}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toContain('Informe start_time e end_time juntos.');
  });

  it('requires an Idempotency-Key on every write, with a pt-BR message', async () => {
    const res = await call(aurora, 'POST', '/reservations', booking());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'idempotency_key_required',
      message: 'Informe o cabeçalho Idempotency-Key: toda escrita da API de parceiros precisa de uma chave.',
    });
    const cancel = await call(aurora, 'POST', `/reservations/${randomUUID()}/cancel`);
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().error.code).toBe('idempotency_key_required');
  });

  it('validates the end customer: a name and an e-mail or a phone, each well formed', async () => {
    const key = () => randomUUID();
    const noContact = await call(aurora, 'POST', '/reservations', booking({ customer: { name: 'Beatriz' } }), key());
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().error.message).toContain('Informe o e-mail ou o telefone do cliente.');
    const badEmail = await call(aurora, 'POST', '/reservations', booking({ customer: { name: 'Beatriz', email: 'beatriz@' } }), key());
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toContain('E-mail inválido');
    const badPhone = await call(aurora, 'POST', '/reservations', booking({ customer: { name: 'Beatriz', phone: '123' } }), key());
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.message).toContain('Telefone inválido');
    const noName = await call(aurora, 'POST', '/reservations', booking({ customer: { email: 'b@example.com' } }), key());
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toContain('Informe o nome do cliente.');
  });

  it('refuses a Hub that is not the partner’s with 404, as one that does not exist', async () => {
    const other = await call(aurora, 'POST', '/reservations', booking({ hub_id: 'PT-02', size: 'P' }), randomUUID());
    const none = await call(aurora, 'POST', '/reservations', booking({ hub_id: 'ZZ-99' }), randomUUID());
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(none.json());
    expect(other.json().error.code).toBe('hub_not_found');
  });

  let booked = '';

  it('books with an Idempotency-Key, paid as partner_invoice; a retry writes nothing twice and answers the same', async () => {
    const key = randomUUID();
    const [created, paid] = [await countEvents('ReservationCreated'), await countEvents('PaymentConfirmed')];
    const first = await call(aurora, 'POST', '/reservations', booking(), key);
    expect(first.statusCode, first.body).toBe(201);
    const body = first.json();
    booked = body.id;
    expect(body).toMatchObject({
      hub_id: 'PT-01',
      size: 'M',
      status: 'active',
      // The first free locker in order, as the spec books: R$ 7,50 per hour, two hours.
      price: 1500,
      price_per_hour: 750,
      payment_method: 'partner_invoice',
      customer: { name: 'Beatriz Lima', email: 'beatriz@example.com', phone: '11987654321' },
      access_code: null,
    });
    expect(body.paid_at).not.toBeNull();

    const again = await call(aurora, 'POST', '/reservations', booking(), key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(body);
    expect(await countEvents('ReservationCreated')).toBe(created + 1);
    expect(await countEvents('PaymentConfirmed')).toBe(paid + 1);
    // Same key, another body: refused as for renters.
    const reused = await call(aurora, 'POST', '/reservations', booking({ size: 'G' }), key);
    expect(reused.statusCode).toBe(422);

    // The event names the partner and its customer; the payment is the price, invoiced to the partner.
    const events = await t.store.readStream(`reservation-${booked}`);
    expect(events[0]).toMatchObject({
      type: 'ReservationCreated',
      data: { partnerId: aurora.id, customer: { name: 'Beatriz Lima', email: 'beatriz@example.com' }, paymentDueAt: null },
    });
    expect(events[1]).toMatchObject({
      type: 'PaymentConfirmed',
      data: { method: 'partner_invoice', amountCents: 1500 },
      metadata: { actor: { id: aurora.id, role: 'partner_api' } },
    });
    await waitUntil(async () => (await t.db.query('SELECT 1 FROM rm_reservations WHERE id = $1 AND partner_id = $2', [booked, aurora.id])).rowCount === 1);
    const { rows } = await t.db.query('SELECT customer_name, customer_email, customer_phone, payment_method FROM rm_reservations WHERE id = $1', [booked]);
    expect(rows[0]).toEqual({
      customer_name: 'Beatriz Lima',
      customer_email: 'beatriz@example.com',
      customer_phone: '11987654321',
      payment_method: 'partner_invoice',
    });
  });

  it("a retry whose first answer was never kept (the key's record lost) still books nothing twice", async () => {
    const key = randomUUID();
    const first = await call(aurora, 'POST', '/reservations', booking(windowFromNow(1, 14)), key);
    expect(first.statusCode, first.body).toBe(201);
    const created = await countEvents('ReservationCreated');
    // As if the process died between the append and recording the answer.
    expect((await t.db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2', [`partner:${aurora.id}`, key])).rowCount).toBe(1);
    const retry = await call(aurora, 'POST', '/reservations', booking(windowFromNow(1, 14)), key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    expect(await countEvents('ReservationCreated')).toBe(created);
  });

  it('books two at once for the same customer: paid at once, no unpaid hold refuses the second', async () => {
    const [a, b] = await Promise.all([
      call(aurora, 'POST', '/reservations', booking(windowFromNow(1, 3)), randomUUID()),
      call(aurora, 'POST', '/reservations', booking(windowFromNow(1, 3)), randomUUID()),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
  });

  it('fetches the reservation with its access code while the code is valid, and 404 for an unknown id', async () => {
    const before = await call(aurora, 'GET', `/reservations/${booked}`);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ id: booked, status: 'active', access_code: null });

    const now = await call(
      aurora,
      'POST',
      '/reservations',
      booking({ ...windowStartingNow(1), size: 'G', customer: { name: 'Rafael Nunes', phone: '21998761234' } }),
      randomUUID(),
    );
    expect(now.statusCode, now.body).toBe(201);
    expect(now.json().access_code).toMatchObject({ code: expect.stringMatching(/^\d{6}$/) });
    const read = await call(aurora, 'GET', `/reservations/${now.json().id}`);
    expect(read.statusCode, read.body).toBe(200);
    const code = read.json().access_code;
    expect(code.code).toMatch(/^\d{6}$/);
    expect(Date.parse(code.expires_at)).toBeGreaterThan(Date.now());
    expect(code.expires_in).toBeGreaterThan(0);
    expect(code.expires_in).toBeLessThanOrEqual(300);
    expect(read.json().customer).toEqual({ name: 'Rafael Nunes', email: null, phone: '21998761234' });

    expect((await call(aurora, 'GET', `/reservations/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('cancels: the reason says it was the partner, the locker is free again, a retry answers the same', async () => {
    const key = randomUUID();
    const { start_time, end_time } = (await call(aurora, 'GET', `/reservations/${booked}`)).json();
    const freeM = async () =>
      (await call(aurora, 'GET', `/hubs?start_time=${encodeURIComponent(start_time)}&end_time=${encodeURIComponent(end_time)}`)).json().data[0].availability.M
        .available;
    expect(await freeM()).toBe(2);
    const res = await call(aurora, 'POST', `/reservations/${booked}/cancel`, undefined, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: booked, status: 'cancelled' });
    const again = await call(aurora, 'POST', `/reservations/${booked}/cancel`, undefined, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(res.json());
    const events = await t.store.readStream(`reservation-${booked}`);
    expect(events.filter((e) => e.type === 'ReservationCancelled')).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'ReservationCancelled', data: { reason: 'Cancelada pelo parceiro' } });
    expect((await call(aurora, 'GET', `/reservations/${booked}`)).json().status).toBe('cancelled');
    expect(await freeM()).toBe(3);
  });

  it('lists newest first with filters, a page per cursor, stable while bookings land', async () => {
    const mine = await createPartnerWithToken(t, admin, 'Lista', ['PT-02']);
    await registerHub(t.store, 'PT-03', [{ size: 'P' }, { size: 'P' }, { size: 'P' }, { size: 'P' }, { size: 'P' }]);
    await waitUntil(async () => (await t.db.query("SELECT 1 FROM rm_hubs WHERE id = 'PT-03'")).rowCount === 1);
    expect((await t.app.inject({ method: 'POST', url: `/api/partners/${mine.id}/hubs/PT-03`, headers: admin.headers })).statusCode).toBe(200);
    await waitUntil(async () => (await t.db.query('SELECT 1 FROM rm_partner_hubs WHERE partner_id = $1', [mine.id])).rowCount === 2);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(
        mine,
        'POST',
        '/reservations',
        booking({ hub_id: 'PT-03', size: 'P', ...windowFromNow(1, 2 + i), customer: { name: `Cliente ${i}`, email: `c${i % 2}@example.com` } }),
        randomUUID(),
      );
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().id);
    }
    await waitUntil(async () => (await t.db.query('SELECT 1 FROM rm_reservations WHERE partner_id = $1', [mine.id])).rowCount === 5);

    const page1 = await call(mine, 'GET', '/reservations?limit=2');
    expect(page1.statusCode, page1.body).toBe(200);
    expect(page1.json().data.map((r: { id: string }) => r.id)).toEqual([made[4], made[3]]);
    // A booking lands between pages: the next pages neither repeat nor skip.
    const late = await call(
      mine,
      'POST',
      '/reservations',
      booking({ hub_id: 'PT-02', size: 'P', customer: { name: 'Tarde', email: 't@example.com' } }),
      randomUUID(),
    );
    expect(late.statusCode, late.body).toBe(201);
    await waitUntil(async () => (await t.db.query('SELECT 1 FROM rm_reservations WHERE partner_id = $1', [mine.id])).rowCount === 6);
    const page2 = await call(mine, 'GET', `/reservations?limit=2&cursor=${page1.json().next_cursor}`);
    expect(page2.json().data.map((r: { id: string }) => r.id)).toEqual([made[2], made[1]]);
    const page3 = await call(mine, 'GET', `/reservations?limit=2&cursor=${page2.json().next_cursor}`);
    expect(page3.json()).toEqual({ data: [expect.objectContaining({ id: made[0] })], next_cursor: null });

    const byEmail = await call(mine, 'GET', '/reservations?customer_email=C1@example.com');
    expect(byEmail.json().data.map((r: { id: string }) => r.id)).toEqual([made[3], made[1]]);
    const byHub = await call(mine, 'GET', '/reservations?hub_id=pt-02');
    expect(byHub.json().data.map((r: { id: string }) => r.id)).toEqual([late.json().id]);
    const from = encodeURIComponent(windowFromNow(1, 4).start_time);
    const to = encodeURIComponent(windowFromNow(1, 6).start_time);
    const byStart = await call(mine, 'GET', `/reservations?hub_id=PT-03&from=${from}&to=${to}`);
    expect(byStart.json().data.map((r: { id: string }) => r.id)).toEqual([made[3], made[2]]);
    expect((await call(mine, 'GET', '/reservations?status=cancelled')).json().data).toEqual([]);
    expect((await call(mine, 'GET', '/reservations?status=active')).json().data).toHaveLength(6);
    // Never another partner's.
    expect((await call(aurora, 'GET', '/reservations?limit=100')).json().data.some((r: { id: string }) => made.includes(r.id))).toBe(false);

    expect((await call(mine, 'GET', '/reservations?cursor=nao-e-um-cursor')).json().error).toEqual({ code: 'invalid_cursor', message: 'Cursor inválido.' });
    expect((await call(mine, 'GET', '/reservations?limit=101')).statusCode).toBe(400);
  });

  it('applies the maximum hours in force, as for renters', async () => {
    const start = Date.parse(windowFromNow(1, 20).start_time);
    const long = { start_time: new Date(start).toISOString(), end_time: new Date(start + 49 * 3_600_000).toISOString() };
    const res = await call(aurora, 'POST', '/reservations', booking(long), randomUUID());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'too_long', message: 'A reserva pode durar no máximo 48 horas.' });
  });

  it('holds the reservation limit per end customer, saying it is the customer’s', async () => {
    await putSettings(t, admin, { reservation_limit: 1 });
    const customer = { name: 'Davi Rocha', phone: '(21) 99876-5432' };
    const first = await call(aurora, 'POST', '/reservations', booking({ ...windowFromNow(1, 16), customer }), randomUUID());
    expect(first.statusCode, first.body).toBe(201);
    let second = undefined as unknown as Awaited<ReturnType<typeof call>>;
    await waitUntil(async () => {
      second = await call(aurora, 'POST', '/reservations', booking({ ...windowFromNow(1, 17), customer }), randomUUID());
      return second.statusCode === 409;
    });
    expect(second.json().error).toEqual({ code: 'reservation_limit', message: 'Este cliente atingiu o limite de 1 reserva ativa.' });
    // Another customer of the same partner is not held by it.
    const other = await call(
      aurora,
      'POST',
      '/reservations',
      booking({ ...windowFromNow(1, 17), customer: { name: 'Eva Luz', phone: '21998760000' } }),
      randomUUID(),
    );
    expect(other.statusCode, other.body).toBe(201);
    await putSettings(t, admin, { reservation_limit: 5 });
  });

  it('maintenance mode refuses new partner bookings with its message; reads go on', async () => {
    await putSettings(t, admin, { maintenance_mode: true });
    let res = undefined as unknown as Awaited<ReturnType<typeof call>>;
    await waitUntil(async () => {
      res = await call(aurora, 'POST', '/reservations', booking(windowFromNow(1, 8)), randomUUID());
      return res.statusCode === 409;
    });
    expect(res.json().error).toEqual({ code: 'maintenance_mode', message: SettingsMessages.maintenance });
    expect((await call(aurora, 'GET', '/hubs')).statusCode).toBe(200);
    await putSettings(t, admin, { maintenance_mode: false });
  });

  it('the API-access switch off refuses every partner route with 403, me included; on again, back', async () => {
    await putSettings(t, admin, { api_access_enabled: false });
    await waitUntil(async () => (await call(aurora, 'GET', '/me')).statusCode === 403);
    const refused = [
      await call(aurora, 'GET', '/me'),
      await call(aurora, 'GET', '/hubs'),
      await call(aurora, 'GET', '/reservations'),
      await call(aurora, 'GET', `/reservations/${booked}`),
      await call(aurora, 'POST', '/reservations', booking(), randomUUID()),
      await call(aurora, 'POST', `/reservations/${booked}/cancel`, undefined, randomUUID()),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'api_access_disabled', message: 'O acesso à API de parceiros está desativado pelo administrador.' });
    }
    await putSettings(t, admin, { api_access_enabled: true });
    await waitUntil(async () => (await call(aurora, 'GET', '/me')).statusCode === 200);
  });
});
