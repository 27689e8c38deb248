import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow } from '../support/test-app.js';

describe('GET /api/hubs, /api/hubs/gmv, /api/hubs/{id}', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp();
    await registerHub(t.store, 'SP-10', [
      { size: 'P', priceCents: 500 },
      { size: 'P', priceCents: 450 },
      { size: 'M', priceCents: 800 },
      { size: 'G', status: 'Inativo' },
    ]);
    await registerHub(t.store, 'SP-11', [{ size: 'P', type: 'Drop-Off' }], { name: 'Só drops' });
    await registerHub(t.store, 'PR-01', [{ size: 'P' }], { private: true, name: 'Privado' });
    admin = await signUp(t, 'Admin', 'admin');
    // Hubs were written straight to the store: wait until the projections and this process's
    // change feed have them.
    await waitUntil(async () => (await t.app.inject({ url: '/api/hubs', headers: admin.headers })).json().length === 3);
  });
  afterAll(async () => t?.close());

  it('lists public Hubs with availability per size for visitors, never the secret key', async () => {
    const res = await t.app.inject({ url: '/api/hubs' });
    expect(res.statusCode).toBe(200);
    const hubs = res.json();
    expect(hubs.map((h: { id: string }) => h.id)).toEqual(['SP-10', 'SP-11']);
    const sp10 = hubs[0];
    expect(sp10.availability.P).toEqual({ total: 2, available: 2, price_per_hour: 4.5 });
    expect(sp10.availability.G).toEqual({ total: 0, available: 0, price_per_hour: null });
    expect(sp10.location).toEqual({ latitude: -23.55, longitude: -46.63 });
    expect(sp10).toMatchObject({ locker_count: 4, lockers_available: 3 });
    expect(sp10.lockers).toBeUndefined(); // the list is compact: lockers are in the detail
    // What the map and its cards show, nothing more: the CEP and description come with the detail.
    expect(Object.keys(sp10).sort()).toEqual([
      'address',
      'availability',
      'city',
      'id',
      'image_url',
      'location',
      'locker_count',
      'lockers_available',
      'name',
      'private',
      'state',
    ]);
    expect(res.body).not.toContain('secret_key');
    expect(res.body).not.toContain('SECRET1234');
  });

  it('admins also see private Hubs, with every field the dashboard edits', async () => {
    const res = await t.app.inject({ url: '/api/hubs', headers: admin.headers });
    const hubs = res.json();
    expect(hubs.map((h: { id: string }) => h.id)).toEqual(['PR-01', 'SP-10', 'SP-11']);
    expect(hubs[1]).toMatchObject({
      id: 'SP-10',
      zipcode: expect.any(String),
      description: expect.any(String),
      country: 'BR',
      hardware: 'LK-31',
      type: 'centralized',
      autoRegistration: false,
    });
    expect(res.body).not.toContain('SECRET1234');
  });

  it('the GMV list leaves out Hubs with no rentable lockers and private ones', async () => {
    const res = await t.app.inject({ url: '/api/hubs/gmv' });
    expect(res.json().map((h: { id: string }) => h.id)).toEqual(['SP-10']);
    expect(res.json()[0]).not.toHaveProperty('zipcode');
  });

  it('Hub detail: lockers for public Hubs, none for a private one, 404 for unknown, secret only for admins', async () => {
    const detail = await t.app.inject({ url: '/api/hubs/sp-10' });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: 'SP-10', has_access: true, locker_count: 4 });
    expect(detail.body).not.toContain('secret_key');

    const privateHub = await t.app.inject({ url: '/api/hubs/PR-01' });
    expect(privateHub.json()).toMatchObject({ id: 'PR-01', private: true, has_access: false, lockers: [] });

    const asAdmin = await t.app.inject({ url: '/api/hubs/PR-01', headers: admin.headers });
    expect(asAdmin.json()).toMatchObject({ has_access: true, secret_key: 'SECRET1234', locker_count: 1 });

    const missing = await t.app.inject({ url: '/api/hubs/ZZ-99' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Hub não encontrado' } });

    const bad = await t.app.inject({ url: '/api/hubs/%20;drop' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_error');
  });

  it('a booking that covers now lowers availability; a later one does not', async () => {
    const renter = await signUp(t, 'Availability');
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'SP-10', size: 'P', ...windowFromNow(1, 3) },
    });
    expect(later.statusCode).toBe(201);
    let res = await t.app.inject({ url: '/api/hubs/SP-10' });
    expect(res.json().availability.P.available).toBe(2);
    // Paid, so the renter may hold the next one unpaid (one at a time, ADR 0016).
    const paid = await t.app.inject({ method: 'POST', url: `/api/reservations/${later.json().id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
    expect(paid.statusCode).toBe(200);

    const now = new Date();
    const current = { start_time: new Date(now.getTime() - 10 * 60_000).toISOString(), end_time: new Date(now.getTime() + 3_600_000).toISOString() };
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'SP-10', size: 'P', ...current },
    });
    expect(booked.statusCode).toBe(201);
    res = await t.app.inject({ url: '/api/hubs/SP-10' });
    expect(res.json().availability.P).toEqual({ total: 2, available: 1, price_per_hour: 4.5 });

    // Finalizing frees the locker again.
    const done = await t.app.inject({ method: 'POST', url: `/api/reservations/${booked.json().id}/finalize`, headers: renter.headers });
    expect(done.json().status).toBe('completed');
    res = await t.app.inject({ url: '/api/hubs/SP-10' });
    expect(res.json().availability.P.available).toBe(2);
  });
});
