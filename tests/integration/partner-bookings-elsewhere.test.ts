// A partner's booking (issue 27 item 3) where the dashboard names a renter: its end customer has
// no account (no users row behind the reservation's userId), so every screen that names the
// renter shows the customer's name from the booking, and nothing stumbles on the missing account:
// the admin's read (paid as 'partner_invoice'), the audit trail (acted by 'API de parceiros'),
// the Hub as of an instant, the logistics queue, the dashboard and the users list.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPartner } from '../support/partner-api.js';
import { createPartnerWithToken } from '../support/partner-api.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowStartingNow } from '../support/test-app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
let aurora: TestPartner;

const call = (p: TestPartner, method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url: `/api/partner/v1${url}`,
    headers: { ...p.headers, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

const booking = (over: object = {}) => ({
  hub_id: 'PT-01',
  size: 'M',
  ...windowStartingNow(1),
  customer: { name: 'Beatriz Lima', email: 'beatriz@example.com' },
  ...over,
});

beforeAll(async () => {
  t = await startTestApp();
  await registerHub(t.store, 'PT-01', [{ size: 'M', priceCents: 750 }]);
  admin = await signUp(t, 'Ada', 'admin');
  await waitUntil(async () => (await t.db.query("SELECT 1 FROM rm_hubs WHERE id = 'PT-01'")).rowCount === 1);
  aurora = await createPartnerWithToken(t, admin, 'Aurora', ['PT-01']);
}, 60_000);

afterAll(async () => t?.close());

describe("a partner's booking on the dashboard", () => {
  it("shows a partner's booking by its customer's name wherever a renter's name is shown, with no account behind it", async () => {
    const res = await call(
      aurora,
      'POST',
      '/reservations',
      booking({ ...windowStartingNow(1), customer: { name: 'Clara Dias', email: 'clara@example.com' } }),
      randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id: string = res.json().id;
    expect((await t.db.query('SELECT 1 FROM users WHERE id = (SELECT user_id FROM rm_reservations WHERE id = $1)', [id])).rowCount).toBe(0);
    const asAdmin = (url: string, method: 'GET' | 'POST' = 'GET') => t.app.inject({ method, url, headers: admin.headers });

    // The admin reads it whole; paid by the partner.
    const read = await asAdmin(`/api/reservations/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ status: 'active', payment_method: 'partner_invoice' });
    // The audit trail: booked by the partner API, for the customer.
    await waitUntil(async () =>
      (await asAdmin('/api/hubs/PT-01/history?kind=booked')).json().items.some((e: { reservation_id: string }) => e.reservation_id === id),
    );
    const history = (await asAdmin('/api/hubs/PT-01/history')).json().items.filter((e: { reservation_id: string }) => e.reservation_id === id);
    expect(history.length).toBeGreaterThanOrEqual(2);
    for (const entry of history) {
      expect(entry.actor.name).toBe('API de parceiros');
      expect(entry.sentence).not.toContain('Usuário removido');
    }
    expect(history.some((e: { sentence: string }) => e.sentence.includes('Clara Dias'))).toBe(true);
    // The Hub as it is now names the customer.
    const asOf = await asAdmin(`/api/hubs/PT-01/as-of?at=${encodeURIComponent(new Date().toISOString())}`);
    expect(asOf.statusCode, asOf.body).toBe(200);
    const bookings = asOf.json().lockers.flatMap((l: { bookings: { reservation_id: string; user_name: string }[] }) => l.bookings);
    expect(bookings.find((b: { reservation_id: string }) => b.reservation_id === id)?.user_name).toBe('Clara Dias');
    // Left for pickup (by an admin): the logistics queue names the customer.
    expect((await asAdmin(`/api/reservations/${id}/leave-for-pickup`, 'POST')).statusCode).toBe(200);
    await waitUntil(async () => (await asAdmin('/api/logistics/collections')).json().some((c: { reservation_id: string }) => c.reservation_id === id));
    const item = (await asAdmin('/api/logistics/collections')).json().find((c: { reservation_id: string }) => c.reservation_id === id);
    expect(item.user_name).toBe('Clara Dias');
    // The dashboard counts it and does not stumble on the renter with no account.
    expect((await asAdmin('/api/dashboard/summary')).statusCode).toBe(200);
    expect((await asAdmin('/api/dashboard/stats')).statusCode).toBe(200);
    expect((await asAdmin('/api/users')).statusCode).toBe(200);
  });
});
