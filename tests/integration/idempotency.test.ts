import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, windowFromNow, windowStartingNow } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;

// A client whose response was lost retries with the same Idempotency-Key: it gets the first
// answer (the same access code included) and nothing is written twice, also when the server
// could not record that first answer.
describe('Idempotency-Key on state-changing requests', () => {
  let t: TestApp;
  let ana: Account;
  const post = (who: Account, url: string, payload: Record<string, unknown>, key?: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) }, payload });
  const count = async (sql: string, params: unknown[]) => (await t.db.query(sql, params)).rows[0].n as number;
  const reservationsOf = (userId: string) =>
    count(`SELECT count(*)::int AS n FROM events WHERE type = 'ReservationCreated' AND data->>'userId' = $1`, [userId]);

  beforeAll(async () => {
    t = await startTestApp();
    await registerHub(
      t.store,
      'ID-01',
      Array.from({ length: 4 }, () => ({ size: 'M' as const, priceCents: 800 })),
    );
    ana = await signUp(t, 'Ana');
  });
  afterAll(async () => t?.close());

  it('a booking retried with its key exists once, and the retry returns the same reservation and access code', async () => {
    const key = randomUUID();
    const body = { hub_id: 'ID-01', size: 'M', ...windowStartingNow(2) }; // begun: the booking gives a code
    const first = await post(ana, '/api/reservations/by-size', body, key);
    expect(first.statusCode).toBe(201);
    expect(first.json().access_code).toMatch(/^\d{6}$/);
    const retry = await post(ana, '/api/reservations/by-size', body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(retry.json().access_code).toBe(first.json().access_code);
    expect(await reservationsOf(ana.id)).toBe(1);
    // The stored answer holds a door code: it rests sealed, never in plain text.
    expect(await count('SELECT count(*)::int AS n FROM idempotency_keys WHERE response LIKE $1', [`%${first.json().access_code}%`])).toBe(0);
  });

  it('without a key, the same request books twice (the key is what makes a retry safe)', async () => {
    const bruno = await signUp(t, 'Bruno');
    const body = { hub_id: 'ID-01', size: 'M', ...windowFromNow(1, 3) };
    const first = await post(bruno, '/api/reservations/by-size', body);
    expect(first.statusCode).toBe(201);
    // Paid, so the second is not refused as a second unpaid booking (ADR 0016).
    expect((await post(bruno, `/api/reservations/${first.json().id}/pay`, { method: 'pix' })).statusCode).toBe(200);
    expect((await post(bruno, '/api/reservations/by-size', body)).statusCode).toBe(201);
    expect(await reservationsOf(bruno.id)).toBe(2);
  });

  it('when the first answer was never recorded, the retry still finds what the first request did', async () => {
    const carla = await signUp(t, 'Carla');
    const key = randomUUID();
    const body = { hub_id: 'ID-01', size: 'M', ...windowStartingNow(2) };
    const first = await post(carla, '/api/reservations/by-size', body, key);
    expect(first.json().access_code).toMatch(/^\d{6}$/);
    // As if the server died right after the append: no answer kept for the key.
    await t.db.query('DELETE FROM idempotency_keys WHERE scope = $1', [carla.id]);
    const retry = await post(carla, '/api/reservations/by-size', body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json().id).toBe(first.json().id);
    expect(retry.json().access_code).toBe(first.json().access_code);
    expect(await reservationsOf(carla.id)).toBe(1);

    const payKey = randomUUID();
    const paid = await post(carla, `/api/reservations/${first.json().id}/pay`, { method: 'pix' }, payKey);
    expect(paid.json().status).toBe('active');
    await t.db.query('DELETE FROM idempotency_keys WHERE scope = $1', [carla.id]);
    const paidAgain = await post(carla, `/api/reservations/${first.json().id}/pay`, { method: 'pix' }, payKey);
    expect(paidAgain.statusCode).toBe(200);
    expect(paidAgain.json().status).toBe('active');
    expect(await count(`SELECT count(*)::int AS n FROM events WHERE type = 'PaymentConfirmed' AND data->>'reservationId' = $1`, [first.json().id])).toBe(1);
  });

  it('pay, code, cancel: a retry answers the same and writes nothing twice', async () => {
    const dani = await signUp(t, 'Dani');
    const booked = (await post(dani, '/api/reservations/by-size', { hub_id: 'ID-01', size: 'M', ...windowStartingNow(1) })).json();
    const url = (action: string) => `/api/reservations/${booked.id}/${action}`;
    const events = (type: string) => count(`SELECT count(*)::int AS n FROM events WHERE type = $1 AND data->>'reservationId' = $2`, [type, booked.id]);

    const [payKey, codeKey, cancelKey] = [randomUUID(), randomUUID(), randomUUID()];
    const pay = await post(dani, url('pay'), { method: 'credit_card' }, payKey);
    expect((await post(dani, url('pay'), { method: 'credit_card' }, payKey)).json()).toEqual(pay.json());
    expect(await events('PaymentConfirmed')).toBe(1);

    const code = await post(dani, url('access-code'), {}, codeKey);
    const codeAgain = await post(dani, url('access-code'), {}, codeKey);
    expect(codeAgain.json()).toEqual(code.json());
    expect(await events('AccessCodeIssued')).toBe(2); // one at booking, one for the key

    const cancel = await post(dani, url('cancel'), {}, cancelKey);
    expect(cancel.json().status).toBe('cancelled');
    expect((await post(dani, url('cancel'), {}, cancelKey)).json()).toEqual(cancel.json());
    expect(await events('ReservationCancelled')).toBe(1);
  });

  it('refuses a key reused for a different request, and keys that are not visible ASCII', async () => {
    const key = randomUUID();
    await post(ana, '/api/reservations/by-size', { hub_id: 'ID-01', size: 'M', ...windowFromNow(1, 9) }, key);
    const other = await post(ana, '/api/reservations/by-size', { hub_id: 'ID-01', size: 'M', ...windowFromNow(2, 9) }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_key_reused');
    for (const bad of ['', 'tem espaço', 'x'.repeat(256), 'ção']) {
      const res = await post(ana, '/api/reservations/by-size', { hub_id: 'ID-01', size: 'M', ...windowFromNow(1, 11) }, bad || undefined);
      if (!bad) continue;
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_idempotency_key');
    }
  });

  it('keys are per caller: the same key from two renters books for each', async () => {
    const key = randomUUID();
    const [e, f] = [await signUp(t, 'Eva'), await signUp(t, 'Fabio')];
    const body = { hub_id: 'ID-01', size: 'M', ...windowFromNow(1, 12) };
    const a = await post(e, '/api/reservations/by-size', body, key);
    const b = await post(f, '/api/reservations/by-size', body, key);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
  });

  it('an answer older than 24 hours is forgotten: the key acts again', async () => {
    const gabi = await signUp(t, 'Gabi');
    const key = randomUUID();
    const body = { hub_id: 'ID-01', size: 'M', ...windowFromNow(1, 14) };
    const first = await post(gabi, '/api/reservations/by-size', body, key);
    await t.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE scope = $1`, [gabi.id]);
    const later = await post(gabi, '/api/reservations/by-size', body, key);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    // The command itself still knows the key (its reservation id derives from it): same booking.
    expect(later.json().id).toBe(first.json().id);
  });

  it('while the first request with a key is still running, a retry is told to wait (409, Retry-After)', async () => {
    const hana = await signUp(t, 'Hana');
    const key = randomUUID();
    const body = { hub_id: 'ID-01', size: 'M', ...windowFromNow(1, 16) };
    const first = await post(hana, '/api/reservations/by-size', body, key);
    // As if that first request were still running: its answer not recorded, its lock still held.
    await t.db.query(`UPDATE idempotency_keys SET status_code = NULL, response = NULL, locked_until = now() + interval '1 minute' WHERE scope = $1`, [hana.id]);
    const waiting = await post(hana, '/api/reservations/by-size', body, key);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json().error.code).toBe('idempotency_in_progress');
    // Once its lock has run out, the retry takes the key over and finds the same booking.
    await t.db.query(`UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE scope = $1`, [hana.id]);
    expect((await post(hana, '/api/reservations/by-size', body, key)).json().id).toBe(first.json().id);
  });
});
