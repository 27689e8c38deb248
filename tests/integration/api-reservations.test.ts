import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, windowFromNow, windowStartingNow } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;

describe('reservations API', () => {
  let t: TestApp;
  let ana: Account;
  let bruno: Account;
  let admin: Account;
  const book = (who: Account, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/reservations/by-size', headers: who.headers, payload });
  const pay = (who: Account, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: who.headers, payload: { method: 'pix' } });

  beforeAll(async () => {
    t = await startTestApp();
    await registerHub(t.store, 'RS-01', [{ size: 'M', priceCents: 750 }, { size: 'M', priceCents: 750 }, { size: 'P' }]);
    await registerHub(t.store, 'RS-02', [{ size: 'P' }], { private: true });
    [ana, bruno, admin] = [await signUp(t, 'Ana'), await signUp(t, 'Bruno'), await signUp(t, 'Chefe', 'admin')];
  });
  afterAll(async () => t?.close());

  it('books by size: the server picks the locker, prices it and makes the code; client values are ignored', async () => {
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000); // from now: the booking's code opens only inside the window
    const end = new Date(start.getTime() + 90 * 60_000); // 1h30 → 2 hours charged
    const res = await book(ana, {
      hub_id: 'RS-01',
      size: 'M',
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      price: 1,
      access_code: '000000',
      locker_id: 'x',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      user_id: ana.id,
      hub_id: 'RS-01',
      status: 'pending',
      price: 1500,
      price_per_hour: 7.5,
      locker: { size: 'M', order_number: 1 },
    });
    expect(body.access_code).toMatch(/^[1-9]\d{5}$/);
    expect(body.access_code).not.toBe('000000');
    expect(Date.parse(body.code_expires_at) - Date.now()).toBeGreaterThan(250_000);
    // The code is never stored in plain text: not in the log, not in the read model.
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1', [`%${body.access_code}%`]);
    expect(rows[0].n).toBe(0);
    // Paid, so Ana's next bookings are not refused as a second unpaid one (ADR 0016).
    expect((await pay(ana, body.id)).statusCode).toBe(200);
  });

  it('pays, issues a fresh code and finalizes, each by its owner', async () => {
    const created = (await book(ana, { hub_id: 'RS-01', size: 'P', ...windowStartingNow(1) })).json();
    const other = await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/pay`, headers: bruno.headers, payload: { method: 'pix' } });
    expect(other.statusCode).toBe(404);
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/reservations/${created.id}/pay`,
      headers: ana.headers,
      payload: { method: 'pix', amount: 1 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_amount');
    const paid = await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/pay`, headers: ana.headers, payload: { method: 'credit_card' } });
    expect(paid.json()).toMatchObject({ status: 'active', payment_method: 'credit_card' });
    const again = await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/pay`, headers: ana.headers, payload: { method: 'pix' } });
    expect(again.statusCode).toBe(409);

    const code = await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/access-code`, headers: ana.headers });
    expect(code.json().code).toMatch(/^\d{6}$/);
    expect(code.json().expiresIn).toBe(300); // by the server's clock, for devices whose clock is off
    expect(code.json().code).not.toBe(created.access_code);

    const done = await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/finalize`, headers: ana.headers });
    expect(done.json().status).toBe('completed');
    const noCode = await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/access-code`, headers: ana.headers });
    expect(noCode.statusCode).toBe(409);
  });

  it('a code asked for near the end of a reservation expires with it, and says so in seconds', async () => {
    const created = (await book(ana, { hub_id: 'RS-01', size: 'P', ...windowFromNow(1, 5) })).json();
    await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/pay`, headers: ana.headers, payload: { method: 'pix' } });
    t.clock.now = new Date(Date.parse(created.end_time) - 60_000);
    try {
      const code = (await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/access-code`, headers: ana.headers })).json();
      expect(code.expiresIn).toBe(60);
      expect(code.expiresAt).toBe(created.end_time);
    } finally {
      t.clock.now = null;
    }
  });

  it('fresh access codes are rate-limited per caller', async () => {
    const carla = await signUp(t, 'Carla');
    const created = (await book(carla, { hub_id: 'RS-01', size: 'P', ...windowFromNow(1, 20) })).json();
    await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/pay`, headers: carla.headers, payload: { method: 'pix' } });
    const statuses: number[] = [];
    t.clock.now = new Date(Date.parse(created.start_time) + 60_000); // codes are issued inside the window
    try {
      for (let i = 0; i < 11; i++) {
        statuses.push((await t.app.inject({ method: 'POST', url: `/api/reservations/${created.id}/access-code`, headers: carla.headers })).statusCode);
      }
    } finally {
      t.clock.now = null;
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('a reservation is read by its owner or an admin only', async () => {
    const created = (await book(ana, { hub_id: 'RS-01', size: 'M', ...windowFromNow(1, 4) })).json();
    const own = await t.app.inject({ url: `/api/reservations/${created.id}`, headers: ana.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: created.id, hub: { id: 'RS-01' }, locker: { size: 'M' } });
    expect(own.json()).not.toHaveProperty('access_code');
    expect((await t.app.inject({ url: `/api/reservations/${created.id}`, headers: bruno.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/reservations/${created.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/reservations/${created.id}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/reservations/00000000-0000-4000-8000-000000000000', headers: ana.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/reservations/not-a-uuid', headers: ana.headers })).statusCode).toBe(400);
    expect((await pay(ana, created.id)).statusCode).toBe(200);
  });

  it("lists a user's reservations for that user or an admin; others get 403", async () => {
    const mine = await t.app.inject({ url: `/api/reservations/user/${ana.id}`, headers: ana.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().length).toBeGreaterThanOrEqual(3);
    expect(mine.json().every((r: { user_id: string }) => r.user_id === ana.id)).toBe(true);
    const theirs = await t.app.inject({ url: `/api/reservations/user/${ana.id}`, headers: bruno.headers });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error.code).toBe('forbidden');
    expect((await t.app.inject({ url: `/api/reservations/user/${ana.id}`, headers: admin.headers })).json().length).toBe(mine.json().length);
    expect((await t.app.inject({ url: `/api/reservations/user/${bruno.id}`, headers: bruno.headers })).json()).toEqual([]);
  });

  it('rejects bad input with 400 naming the field, unknown Hubs with 404, private Hubs with 403', async () => {
    const noSize = await book(ana, { hub_id: 'RS-01', ...windowFromNow(1) });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().error).toMatchObject({ code: 'validation_error', details: { field: 'size' } });
    const badDate = await book(ana, { hub_id: 'RS-01', size: 'P', start_time: 'amanhã', end_time: windowFromNow(1).end_time });
    expect(badDate.json().error.details.field).toBe('start_time');
    const backwards = windowFromNow(2);
    const reversed = await book(ana, { hub_id: 'RS-01', size: 'P', start_time: backwards.end_time, end_time: backwards.start_time });
    expect(reversed.json().error).toEqual({ code: 'invalid_window', message: 'O horário de término deve ser após o início.' });
    const tooLong = await book(ana, { hub_id: 'RS-01', size: 'P', ...windowFromNow(49) });
    expect(tooLong.json().error.code).toBe('too_long');
    const past = await book(ana, { hub_id: 'RS-01', size: 'P', start_time: '2020-01-01T10:00:00Z', end_time: '2020-01-01T11:00:00Z' });
    expect(past.json().error.code).toBe('start_in_past');
    const unknown = await book(ana, { hub_id: 'ZZ-00', size: 'P', ...windowFromNow(1) });
    expect(unknown.statusCode).toBe(404);
    const privateHub = await book(ana, { hub_id: 'RS-02', size: 'P', ...windowFromNow(1) });
    expect(privateHub.statusCode).toBe(403);
    expect(privateHub.json().error.message).toBe('Você precisa solicitar acesso a este Hub privado.');
    const forOther = await book(ana, { hub_id: 'RS-01', size: 'P', user_id: bruno.id, ...windowFromNow(1) });
    expect(forOther.statusCode).toBe(403);
    const noX = await book(ana, { hub_id: 'RS-01', size: 'X', ...windowFromNow(1) });
    expect(noX.json().error).toEqual({ code: 'no_locker_available', message: 'Não há lockers disponíveis do tamanho X' });
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: { ...ana.headers, 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe('invalid_json');
  });

  it('cancelling frees the window for the next renter', async () => {
    const window = windowFromNow(3, 10);
    const first = (await book(ana, { hub_id: 'RS-01', size: 'P', ...window })).json();
    expect((await book(bruno, { hub_id: 'RS-01', size: 'P', ...window })).statusCode).toBe(409);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/reservations/${first.id}/cancel`, headers: ana.headers });
    expect(cancelled.json().status).toBe('cancelled');
    expect((await book(bruno, { hub_id: 'RS-01', size: 'P', ...window })).statusCode).toBe(201);
  });
});
