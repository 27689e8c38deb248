import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, windowFromNow } from '../support/test-app.js';

// Abuse seen: one renter held a Hub's whole size for two days without paying. Unpaid bookings
// now hold their locker only for the payment window, and one renter holds at most 5 at once,
// decided on the write side (the renter's own stream), so parallel requests cannot slip past.
// (One renter also holds at most one unpaid booking at a time, ADR 0016: tests/integration/
// unpaid-holds.test.ts; here the renter pays, or books lockers that cost nothing.)
describe('one renter cannot hold every locker', () => {
  let t: TestApp;
  const book = (who: { headers: Record<string, string> }, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/reservations/by-size', headers: who.headers, payload });
  const pay = (who: { headers: Record<string, string> }, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: who.headers, payload: { method: 'pix' } });

  beforeAll(async () => {
    t = await startTestApp({ paymentWindowMs: 15 * 60_000 });
    await registerHub(
      t.store,
      'LM-01',
      Array.from({ length: 30 }, () => ({ size: 'P' as const, priceCents: 450 })),
    );
    await registerHub(
      t.store,
      'LM-02',
      Array.from({ length: 30 }, () => ({ size: 'P' as const, priceCents: 0 })),
    );
  });
  afterAll(async () => t?.close());

  it('refuses the 6th active reservation with a clear pt-BR message, and allows one again after a cancel', async () => {
    const renter = await signUp(t, 'Limite');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await book(renter, { hub_id: 'LM-01', size: 'P', ...windowFromNow(48, 1 + i) });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
      expect((await pay(renter, res.json().id)).statusCode).toBe(200);
    }
    const sixth = await book(renter, { hub_id: 'LM-01', size: 'P', ...windowFromNow(2, 10) });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({ error: { code: 'reservation_limit', message: 'Você atingiu o limite de 5 reservas ativas.' } });

    await t.app.inject({ method: 'POST', url: `/api/reservations/${ids[0]}/cancel`, headers: renter.headers });
    expect((await book(renter, { hub_id: 'LM-01', size: 'P', ...windowFromNow(2, 10) })).statusCode).toBe(201);
    // Someone else is not affected by this renter's count.
    expect((await book(await signUp(t, 'Outra'), { hub_id: 'LM-01', size: 'P', ...windowFromNow(2, 10) })).statusCode).toBe(201);
  });

  it('20 parallel bookings by one renter leave exactly 5', async () => {
    // Lockers that cost nothing: no booking waits for a payment, so only the limit refuses.
    const renter = await signUp(t, 'Paralelo');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => book(renter, { hub_id: 'LM-02', size: 'P', ...windowFromNow(1, 20 + i) })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === 'reservation_limit')).toBe(true);
    // The event log agrees: five reservations of this renter were created, no more.
    const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'ReservationCreated' AND data->>'userId' = $1`, [renter.id]);
    expect(rows[0].n).toBe(5);
  });

  it('an unpaid reservation carries payment_due_at; once it passes, paying is refused', async () => {
    const renter = await signUp(t, 'Prazo');
    const booked = await book(renter, { hub_id: 'LM-01', size: 'P', ...windowFromNow(3, 30) });
    const body = booked.json();
    expect(Date.parse(body.payment_due_at) - Date.parse(body.created_at)).toBe(15 * 60_000);
    t.clock.now = new Date(Date.parse(body.payment_due_at) + 1_000);
    try {
      const late = await t.app.inject({ method: 'POST', url: `/api/reservations/${body.id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toEqual({ code: 'payment_window_closed', message: 'O prazo para pagamento desta reserva terminou.' });
      // Past its window the first no longer holds anything, so the renter may hold another.
      const paidOne = (await book(renter, { hub_id: 'LM-01', size: 'P', ...windowFromNow(3, 34) })).json();
      const paid = await pay(renter, paidOne.id);
      expect(paid.json()).toMatchObject({ status: 'active', payment_due_at: null });
    } finally {
      t.clock.now = null;
    }
  });
});
