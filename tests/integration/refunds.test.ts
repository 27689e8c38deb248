// Issue 28 item 4 end to end on the API: a paid reservation cancelled 25 h ahead refunds in full,
// 2 h ahead half, once started nothing; the refund on the answers, the profile list, the audit
// trail and one receipt; who may ask what a cancellation would refund; the finance CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryMailer } from '../../infra/mail/memory.js';
import { localDate } from '../../projections/stats/sao-paulo-days.js';
import { startRefundWorkers } from '../../workers/refunds/refund-workers.js';
import type { RefundWorkers } from '../../workers/refunds/refund-workers.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow, windowStartingNow } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;

describe('refunds of cancelled reservations', () => {
  let t: TestApp;
  let ana: Account;
  let bruno: Account;
  let admin: Account;
  let workers: RefundWorkers;
  const mailer = createMemoryMailer();

  const get = (who: Account, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
  async function paidBooking(who: Account, window: { start_time: string; end_time: string }) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: who.headers,
      payload: { hub_id: 'RF-01', size: 'M', ...window },
    });
    expect(res.statusCode).toBe(201);
    const { id, price } = res.json();
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: who.headers, payload: { method: 'pix' } })).statusCode).toBe(200);
    return { id: id as string, price: price as number };
  }
  const cancel = (who: Account, id: string) => t.app.inject({ method: 'POST', url: `/api/reservations/${id}/cancel`, headers: who.headers });
  const eventTypes = async (id: string) => (await t.store.readStream(`reservation-${id}`)).map((e) => e.type);

  beforeAll(async () => {
    t = await startTestApp();
    await registerHub(
      t.store,
      'RF-01',
      Array.from({ length: 6 }, () => ({ size: 'M' as const, priceCents: 625 })),
    );
    [ana, bruno, admin] = [await signUp(t, 'Ana'), await signUp(t, 'Bruno'), await signUp(t, 'Chefe', 'admin')];
    // Long interval: the test drives rounds itself with runOnce.
    workers = startRefundWorkers({ db: t.db, store: t.store, mailer, clock: () => new Date(), intervalMs: 60_000, log: () => {} });
  });
  afterAll(async () => {
    await workers?.close();
    await t?.close();
  });

  it('25 h ahead: everything back, settled through the port, on the answers, in the profile, the audit trail and one receipt', async () => {
    const { id, price } = await paidBooking(ana, windowFromNow(2, 27));
    const quote = await get(ana, `/api/reservations/${id}/cancellation`);
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toEqual({
      refund_cents: price,
      reason: 'full_24h',
      message: 'Cancelamento com mais de 24 horas de antecedência: reembolso integral.',
    });

    const cancelled = await cancel(ana, id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refund: { amount_cents: price, status: 'pending' } });
    // The request is in the same append as the cancellation.
    expect(await eventTypes(id)).toEqual(['ReservationCreated', 'PixChargeCreated', 'PaymentConfirmed', 'ReservationCancelled', 'RefundRequested']);

    await waitUntil(async () => (await workers.runOnce()).includes('settled'));
    expect((await eventTypes(id)).slice(-2)).toEqual(['RefundRequested', 'RefundSettled']);
    await waitUntil(async () => (await get(ana, `/api/reservations/${id}`)).json().refund?.status === 'refunded');
    // The profile's list is the read model's: it shows the refund once the projector is there.
    await waitUntil(async () => {
      const listed = (await get(ana, `/api/reservations/user/${ana.id}`)).json().find((r: { id: string }) => r.id === id);
      return listed.refund?.status === 'refunded' && listed.refund.amount_cents === price;
    });

    // The audit trail: asked by Ana (she cancelled), settled by the system.
    await waitUntil(async () => {
      const items = (await get(admin, `/api/hubs/RF-01/history?kind=refund_settled`)).json().items;
      return items.some((i: { reservation_id: string }) => i.reservation_id === id);
    });
    const history = (await get(admin, `/api/hubs/RF-01/history?kind=refund_requested,refund_settled`))
      .json()
      .items.filter((i: { reservation_id: string }) => i.reservation_id === id);
    expect(history.map((i: { kind: string; actor: { name: string } }) => [i.kind, i.actor.name])).toEqual([
      ['refund_settled', 'Sistema'],
      ['refund_requested', 'Ana'],
    ]);

    // One receipt, however many rounds run.
    const { rows } = await t.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [ana.id]);
    const anaEmail = rows[0]!.email;
    await waitUntil(async () => (await workers.runOnce(), mailer.sent.some((m) => m.to === anaEmail)));
    await workers.runOnce();
    const receipts = mailer.sent.filter((m) => m.to === anaEmail);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Recibo de reembolso: R$ ${(price / 100).toFixed(2).replace('.', ',')}`);
    expect(receipts[0]!.text).toContain('Hub: ');
  });

  it('2 h ahead: half back', async () => {
    const { id, price } = await paidBooking(ana, windowFromNow(1, 3));
    expect((await get(ana, `/api/reservations/${id}/cancellation`)).json()).toMatchObject({ refund_cents: Math.floor(price / 2), reason: 'partial_under_24h' });
    expect((await cancel(ana, id)).json()).toMatchObject({ refund: { amount_cents: Math.floor(price / 2), status: 'pending' } });
    const requested = (await t.store.readStream(`reservation-${id}`)).find((e) => e.type === 'RefundRequested');
    expect(requested?.data).toMatchObject({ amountCents: Math.floor(price / 2), cause: 'cancellation', provider: 'simulated', e2eid: null });
  });

  it('started: nothing back, no refund asked for', async () => {
    const { id } = await paidBooking(bruno, windowStartingNow(1));
    expect((await get(bruno, `/api/reservations/${id}/cancellation`)).json()).toMatchObject({ refund_cents: 0, reason: 'started' });
    const answer = (await cancel(bruno, id)).json();
    expect(answer.status).toBe('cancelled');
    expect(answer.refund).toBeUndefined();
    expect(await eventTypes(id)).not.toContain('RefundRequested');
  });

  it("an admin cancelling a renter's booking refunds everything, even under 24 h", async () => {
    const { id, price } = await paidBooking(bruno, windowFromNow(1, 4));
    expect((await get(admin, `/api/reservations/${id}/cancellation`)).json()).toMatchObject({ refund_cents: price, reason: 'by_hub' });
    expect((await cancel(admin, id)).json()).toMatchObject({ refund: { amount_cents: price } });
  });

  it('only the owner or an admin learns what a cancellation would refund: 404 for another renter, 401 anonymous', async () => {
    const { id } = await paidBooking(ana, windowFromNow(1, 30));
    const other = await get(bruno, `/api/reservations/${id}/cancellation`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: { code: 'not_found', message: 'Reserva não encontrada.' } });
    expect((await t.app.inject({ method: 'GET', url: `/api/reservations/${id}/cancellation` })).statusCode).toBe(401);
    expect((await get(bruno, `/api/reservations/00000000-0000-4000-8000-000000000000/cancellation`)).statusCode).toBe(404);
  });

  it('the finance CSV: admins only; one row per payment and refund of the day, totals paid, refunded and net', async () => {
    await waitUntil(async () => (await workers.runOnce(), (await t.db.query(`SELECT 1 FROM refund_requests WHERE status = 'requested'`)).rowCount === 0));
    const date = localDate(Date.now());
    const url = `/api/finance/daily.csv?date=${date}`;
    expect((await get(ana, url)).statusCode).toBe(403);
    expect((await get(admin, '/api/finance/daily.csv?date=2026-13-40')).statusCode).toBe(400);
    await waitUntil(async () => {
      const { rows } = await t.db.query(`SELECT count(*)::int AS n FROM rm_money_movements WHERE kind = 'refund'`);
      return rows[0].n === 3;
    });
    const res = await get(admin, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="financeiro-${date}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Data/hora;Tipo;Reserva;Locatário;E-mail;Forma;Provedor;txid;e2eid;ID do reembolso;Situação;Valor');
    const cents = (field: string) => Math.round(Number(field.replace('R$ ', '').replaceAll('.', '').replace(',', '.')) * 100);
    const rows = lines.slice(1).map((l) => l.split(';'));
    const payments = rows.filter((r) => r[1] === 'Pagamento');
    const refunds = rows.filter((r) => r[1] === 'Reembolso');
    expect(payments).toHaveLength(5);
    expect(refunds).toHaveLength(3);
    expect(refunds.every((r) => r[9]!.startsWith('CX') && r[10] === 'Devolvido')).toBe(true);
    const paid = payments.reduce((s, r) => s + cents(r[11]!), 0);
    const refunded = -refunds.reduce((s, r) => s + cents(r[11]!), 0);
    const total = (label: string) => cents(rows.find((r) => r[1] === label)![11]!);
    expect(total('Total pago')).toBe(paid);
    expect(total('Total reembolsado')).toBe(-refunded);
    expect(total('Líquido')).toBe(paid - refunded);
    expect(rows.find((r) => r[1] === 'Total pago')![11]).toMatch(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/);
  });
});
