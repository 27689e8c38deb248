import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, windowStartingNow } from '../support/test-app.js';

// When the read models lag past the bounded wait, a command still answers with what it did,
// read from the reservation's own stream, instead of a misleading 404.
describe('answers while projections lag', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ projections: false });
    await registerHub(t.store, 'LG-01', [{ size: 'P', priceCents: 600 }]);
  });
  afterAll(async () => t?.close());

  it('booking and paying answer from the event log when the read model has nothing yet', async () => {
    const renter = await signUp(t, 'Lag');
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'LG-01', size: 'P', ...windowStartingNow(2) },
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ hub_id: 'LG-01', status: 'pending', price: 1200, locker: { size: 'P', order_number: 1 }, hub: { name: null } });
    expect(booked.json().access_code).toMatch(/^\d{6}$/);
    expect((await t.db.query('SELECT count(*)::int AS n FROM rm_reservations')).rows[0].n).toBe(0);

    const id = booked.json().id as string;
    const read = await t.app.inject({ url: `/api/reservations/${id}`, headers: renter.headers });
    expect(read.json()).toMatchObject({ id, status: 'pending' });
    const paid = await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
    expect(paid.json()).toMatchObject({ id, status: 'active', payment_method: 'pix' });

    // Still nobody else's to read.
    const other = await signUp(t, 'Outro');
    expect((await t.app.inject({ url: `/api/reservations/${id}`, headers: other.headers })).statusCode).toBe(404);
  });
});

// Seen: PostgreSQL went away just after an append; the wait for the read models threw and the
// client got a 500 for a booking that existed. A committed command is answered from its events.
describe('answers once the append has committed, even if the read side fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      awaitProjections: async () => {
        throw new Error('Connection terminated unexpectedly');
      },
    });
    await registerHub(t.store, 'LG-02', [{ size: 'M', priceCents: 900 }]);
  });
  afterAll(async () => t?.close());

  it('books (201 with the access code) and pays (200) from the command’s own events', async () => {
    const renter = await signUp(t, 'Falha');
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'LG-02', size: 'M', ...windowStartingNow(1) },
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ hub_id: 'LG-02', status: 'pending', price: 900, locker: { size: 'M', order_number: 1 } });
    expect(booked.json().access_code).toMatch(/^\d{6}$/);
    const paid = await t.app.inject({ method: 'POST', url: `/api/reservations/${booked.json().id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'active', payment_method: 'pix', payment_due_at: null });
  });
});
