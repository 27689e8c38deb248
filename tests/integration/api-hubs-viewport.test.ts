import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';

// GET /api/hubs?bbox=…&zoom=…: the Hubs of a map's visible area, clustered when zoomed out
// (api/hubs/hub-viewport.ts), over 10,000 Hubs in São Paulo written straight into the read model
// and a few registered through the domain elsewhere.

const CITY_HUBS = 10_000;
/** Around São Paulo, well clear of the other Hubs below. */
const CITY_BOX = '-47.5,-24.5,-45.5,-22.5';
const WORLD_BOX = '-180,-85,180,85';
const MAX_BYTES = 30_000;

interface Cluster {
  count: number;
  centre: { latitude: number; longitude: number };
  bbox: [number, number, number, number];
}
interface Viewport {
  total: number;
  zoom: number;
  hubs: { id: string; location: { latitude: number; longitude: number }; availability: { P: { available: number } } }[];
  clusters: Cluster[];
}

/** Ids AA-00…DV-99, none of the registered ones (Z…). */
const cityId = (i: number) =>
  `${String.fromCharCode(65 + Math.floor(i / 2600))}${String.fromCharCode(65 + (Math.floor(i / 100) % 26))}-${String(i % 100).padStart(2, '0')}`;

/** 10,000 public Hubs spread over the city (a fixed pseudo-random spread), each with four lockers. */
async function insertCityHubs(t: TestApp) {
  const ids = Array.from({ length: CITY_HUBS }, (_, i) => cityId(i));
  let seed = 31;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const lats = ids.map(() => -23.8 + next() * 0.5);
  const lngs = ids.map(() => -46.85 + next() * 0.55);
  await t.db.query(
    `INSERT INTO rm_hubs (id, name, address, zipcode, city, state, country, description, latitude, longitude, image_url, secret_key,
                          private, auto_registration, kind, hardware, created_at, updated_at)
     SELECT id, 'Hub ' || id, 'Rua da Cidade, ' || n, '01000-000', 'São Paulo', 'SP', 'BR', 'Hub da cidade', lat, lng, NULL, 'SECRET1234',
            false, false, 'centralized', 'LK-31', now(), now()
       FROM unnest($1::text[], $2::float8[], $3::float8[]) WITH ORDINALITY AS h(id, lat, lng, n)`,
    [ids, lats, lngs],
  );
  await t.db.query(
    `INSERT INTO rm_lockers (id, hub_id, order_number, size, type, price_per_hour_cents, status, collect_number, updated_at)
     SELECT gen_random_uuid(), h.id, s.n, s.size, 'GMV', 400 + s.n * 150, 'Ativo', NULL, now()
       FROM unnest($1::text[]) AS h(id), (VALUES (1, 'P'), (2, 'M'), (3, 'G'), (4, 'P')) AS s(n, size)`,
    [ids],
  );
}

describe('GET /api/hubs?bbox=…&zoom=… (the map by viewport)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  const view = async (query: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ url: `/api/hubs?${query}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json<Viewport>();
  };

  beforeAll(async () => {
    t = await startTestApp();
    // Before the app's first request, so its first load of the Hubs reads them.
    await insertCityHubs(t);
    await registerHub(t.store, 'ZA-01', [{ size: 'P' }, { size: 'M' }], { latitude: -25.43, longitude: -49.27, city: 'Curitiba', state: 'PR' });
    await registerHub(t.store, 'ZA-02', [{ size: 'P' }], { latitude: -25.44, longitude: -49.28, city: 'Curitiba', state: 'PR' });
    await registerHub(t.store, 'ZP-01', [{ size: 'P' }], { latitude: -25.435, longitude: -49.275, private: true, name: 'Privado' });
    await registerHub(t.store, 'ZM-01', [{ size: 'P' }], { latitude: -3.1, longitude: -60.02, city: 'Manaus', state: 'AM' });
    await registerHub(t.store, 'ZF-01', [{ size: 'P' }], { latitude: -18.1, longitude: 178.4 });
    await registerHub(t.store, 'ZF-02', [{ size: 'P' }], { latitude: -18.2, longitude: -179.6 });
    admin = await signUp(t, 'Admin', 'admin');
    await waitUntil(async () => (await t.app.inject({ url: '/api/hubs', headers: admin.headers })).json().length === CITY_HUBS + 6);
  });
  afterAll(async () => t?.close());

  it('without bbox the answer is the whole list, as before', async () => {
    const res = await t.app.inject({ url: '/api/hubs' });
    expect(Array.isArray(res.json())).toBe(true);
    expect(res.json()).toHaveLength(CITY_HUBS + 5);
  });

  it('a close box holds only its own Hubs, one by one; private ones for admins only', async () => {
    const curitiba = 'bbox=-49.32,-25.47,-49.22,-25.40&zoom=15';
    const visitor = await view(curitiba);
    expect(visitor.clusters).toEqual([]);
    expect(visitor.hubs.map((h) => h.id)).toEqual(['ZA-01', 'ZA-02']);
    expect(visitor.total).toBe(2);
    expect(visitor.zoom).toBe(15);
    expect(visitor.hubs[0]).not.toHaveProperty('zipcode'); // the map's shape

    const asAdmin = await view(curitiba, admin.headers);
    expect(asAdmin.hubs.map((h) => h.id)).toEqual(['ZA-01', 'ZA-02', 'ZP-01']);
    expect(asAdmin.hubs[0]).toHaveProperty('zipcode', '01000-000');
    expect(JSON.stringify(asAdmin)).not.toContain('SECRET1234');
  });

  it('a box across the antimeridian holds the Hubs on both sides of it', async () => {
    const res = await view('bbox=170,-25,-170,-10&zoom=9');
    expect(res.hubs.map((h) => h.id)).toEqual(['ZF-01', 'ZF-02']);
  });

  it('zoomed out, the clusters and the Hubs alone add up to every Hub in the box', async () => {
    for (const zoom of [7, 9, 11, 13, 15, 17, 20]) {
      const res = await view(`bbox=${CITY_BOX}&zoom=${zoom}`);
      const counted = res.hubs.length + res.clusters.reduce((sum, c) => sum + c.count, 0);
      expect(counted, `zoom ${zoom}`).toBe(CITY_HUBS);
      expect(res.total).toBe(CITY_HUBS);
      expect(res.hubs.length).toBeLessThanOrEqual(300);
      for (const c of res.clusters) {
        expect(c.count).toBeGreaterThanOrEqual(2);
        const [minLng, minLat, maxLng, maxLat] = c.bbox;
        expect(minLng <= c.centre.longitude && c.centre.longitude <= maxLng && minLat <= c.centre.latitude && c.centre.latitude <= maxLat).toBe(true);
      }
    }
    // Far out, São Paulo's 10,000 Hubs are a handful of markers.
    const far = await view(`bbox=${CITY_BOX}&zoom=7`);
    expect(far.hubs.length + far.clusters.length).toBeLessThan(10);
  });

  it('stays within 30 KB over the wire at every zoom, even a whole-world box at street zoom', async () => {
    const sizes: number[] = [];
    for (let zoom = 0; zoom <= 22; zoom++) {
      for (const box of [WORLD_BOX, CITY_BOX]) {
        for (const encoding of ['br', 'gzip']) {
          const res = await t.app.inject({ url: `/api/hubs?bbox=${box}&zoom=${zoom}`, headers: { 'accept-encoding': encoding } });
          expect(res.statusCode).toBe(200);
          // Under 1 KB an answer goes uncompressed (cached-body.ts).
          if (res.rawPayload.length >= 1024) expect(res.headers['content-encoding']).toBe(encoding);
          sizes.push(res.rawPayload.length);
          expect(res.rawPayload.length, `${box} zoom ${zoom} ${encoding}`).toBeLessThanOrEqual(MAX_BYTES);
        }
      }
    }
    // The bound is met by clustering, not by an empty answer.
    expect(Math.max(...sizes)).toBeGreaterThan(5_000);
  });

  it('availability in the box follows bookings, and an unchanged answer revalidates to 304', async () => {
    const box = 'bbox=-49.32,-25.47,-49.22,-25.40&zoom=15';
    const before = await t.app.inject({ url: `/api/hubs?${box}` });
    const etag = before.headers.etag as string;
    expect((await t.app.inject({ url: `/api/hubs?${box}`, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect(before.json<Viewport>().hubs[0]!.availability.P.available).toBe(1);

    const renter = await signUp(t, 'Viewport');
    const now = Date.now();
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'ZA-01', size: 'P', start_time: new Date(now - 60_000).toISOString(), end_time: new Date(now + 3_600_000).toISOString() },
    });
    expect(booked.statusCode).toBe(201);
    const after = await view(box);
    expect(after.hubs[0]!.availability.P.available).toBe(0);
  });

  it('refuses a bad box or zoom with a 400 in Portuguese', async () => {
    for (const query of [
      'bbox=abc&zoom=3',
      'bbox=-49,-25,-48&zoom=3',
      'bbox=-49,-95,-48,-24&zoom=3',
      'bbox=-190,-25,-48,-24&zoom=3',
      'bbox=-49,-24,-48,-25&zoom=3',
      'bbox=-49,-25,-48,-24&zoom=99',
      'bbox=-49,-25,-48,-24&zoom=-1',
      'bbox=-49,-25,-48,-24&zoom=longe',
      'bbox=-49,-25,-48,-24',
      'zoom=3',
    ]) {
      const res = await t.app.inject({ url: `/api/hubs?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(res.json().error.message).toMatch(/^Campo inválido: (bbox|zoom)/);
    }
    const res = await t.app.inject({ url: '/api/hubs?bbox=abc&zoom=3' });
    expect(res.json().error.message).toContain('minLng,minLat,maxLng,maxLat');
  });
});
