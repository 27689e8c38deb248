// Issue 24 item 5: `price_per_hour: 30000000` and `order_number: 1e308` were accepted with 201
// and then stopped the projections for good; a booking in the year 9999 was accepted too. Every
// numeric and date input now has bounds that fit the domain and the read models' columns, and an
// input outside them gets 400 with the domain's pt-BR message (domain/hubs/hub-bounds.ts,
// domain/reservations/booking-horizon.ts). Over-long text says its limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoundsMessages } from '../../domain/hubs/hub-bounds.js';
import { tooFarAheadMessage } from '../../domain/reservations/booking-horizon.js';
import { registerHub, signUp, startTestApp, windowFromNow, type TestApp } from '../support/test-app.js';

type Headers = Record<string, string>;

describe('issue 24 item 5: the API refuses numbers and dates outside their bounds', () => {
  let t: TestApp;
  let admin: { id: string; headers: Headers };
  let renter: { id: string; headers: Headers };
  let lockerId: string;

  beforeAll(async () => {
    t = await startTestApp();
    lockerId = (await registerHub(t.store, 'IB-01', [{ size: 'P' }]))[0]!;
    admin = await signUp(t, 'Admin', 'admin');
    renter = await signUp(t, 'Renata');
  });
  afterAll(async () => t?.close());

  /** A request with a raw JSON body (so 1e400 reaches the server as written). */
  const send = (method: 'POST' | 'PUT', url: string, body: string, headers: Headers = admin.headers) =>
    t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: body });

  async function refused(method: 'POST' | 'PUT', url: string, body: string, message: string, headers?: Headers) {
    const res = await send(method, url, body, headers);
    expect(res.statusCode, `${method} ${url} ${body}: ${res.body}`).toBe(400);
    expect(res.json().error.message, body).toContain(message);
  }

  it('issue 24 item 5: a locker price above R$ 10.000,00/h (or below 0, or not finite) is refused, the maximum accepted', async () => {
    for (const price of ['30000000', '"30000000"', '10000.01', '-1', '1e400', '"1e400"']) {
      await refused('POST', '/api/lockers', `{"hub_id":"IB-01","size":"G","price_per_hour":${price}}`, BoundsMessages.price);
      await refused('PUT', `/api/lockers/${lockerId}`, `{"price_per_hour":${price}}`, BoundsMessages.price);
    }
    await refused(
      'POST',
      '/api/hubs',
      JSON.stringify({ id: 'IB-02', latitude: -23.5, longitude: -46.6, secret_key: 'IB02SECRET', lockers: [{ price_per_hour: 30000000 }] }),
      BoundsMessages.price,
    );
    const top = await send('PUT', `/api/lockers/${lockerId}`, '{"price_per_hour":"10000,00"}');
    expect(top.statusCode, top.body).toBe(200);
    expect(top.json().price_per_hour).toBe(10000);
    // An unparsable price still falls back to 0 (spec §3).
    expect((await send('PUT', `/api/lockers/${lockerId}`, '{"price_per_hour":"abc"}')).json().price_per_hour).toBe(0);
  });

  it('issue 24 item 5: a locker order number outside 1–999 and a pickup door outside its bounds are refused', async () => {
    for (const order of ['1e308', '1000', '0', '2.5', '"1e308"', '1e400']) {
      await refused('POST', '/api/lockers', `{"hub_id":"IB-01","size":"G","order_number":${order}}`, BoundsMessages.orderNumber);
    }
    for (const door of [`"${'x'.repeat(21)}"`, '1e308', '0', '2.5']) {
      await refused('POST', '/api/lockers', `{"hub_id":"IB-01","size":"G","type":"Drop-Off","collect_number":${door}}`, BoundsMessages.collectNumber);
    }
    const ok = await send('POST', '/api/lockers', '{"hub_id":"IB-01","size":"G","type":"Drop-Off","order_number":999,"collect_number":12}');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ order_number: 999, collect_number: '12' });
  });

  it('issue 24 item 5: coordinates outside −90..90 and −180..180 are refused, in either payload', async () => {
    const hub = (fields: Record<string, unknown>) => JSON.stringify({ id: 'IB-03', secret_key: 'IB03SECRET', latitude: -23.5, longitude: -46.6, ...fields });
    await refused('POST', '/api/hubs', hub({ latitude: 91 }), BoundsMessages.latitude);
    await refused('POST', '/api/hubs', hub({ longitude: -180.5 }), BoundsMessages.longitude);
    await refused('POST', '/api/hubs', hub({ location: { latitude: '95,5', longitude: -46.6 } }), BoundsMessages.latitude);
    await refused('POST', '/api/hubs', hub({ latitude: 'norte' }), BoundsMessages.latitude);
    await refused('POST', '/api/hubs', hub({}).replace('-23.5', '1e400'), BoundsMessages.latitude);
    await refused('PUT', '/api/hubs/IB-01', JSON.stringify({ longitude: 200 }), BoundsMessages.longitude);
    expect((await send('POST', '/api/hubs', hub({ latitude: -90, longitude: 180 }))).statusCode).toBe(201);
  });

  it('issue 24 item 5: a booking starting more than a year ahead (the year 9999 too) is refused', async () => {
    const far = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 366 * 86_400_000);
    for (const start of [far, new Date('9999-12-31T10:00:00Z')]) {
      const body = JSON.stringify({
        hub_id: 'IB-01',
        size: 'P',
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 3_600_000).toISOString(),
      });
      await refused('POST', '/api/reservations/by-size', body, tooFarAheadMessage, renter.headers);
    }
    const near = await send('POST', '/api/reservations/by-size', JSON.stringify({ hub_id: 'IB-01', size: 'P', ...windowFromNow(1) }), renter.headers);
    expect(near.statusCode, near.body).toBe(201);
    await refused('POST', `/api/reservations/${near.json().id}/pay`, '{"method":"pix","amount":-1}', 'O valor não pode ser negativo.', renter.headers);
    await refused(
      'POST',
      `/api/reservations/${near.json().id}/pay`,
      '{"method":"pix","amount":1e400}',
      'O valor deve ser um número de centavos.',
      renter.headers,
    );
  });

  it('issue 24 item 5: over-long text says "Máximo de N caracteres", not "Deve ser um texto"', async () => {
    await refused(
      'POST',
      '/api/hubs',
      JSON.stringify({ id: 'IB-04', secret_key: 'IB04SECRET', latitude: 1, longitude: 1, name: 'x'.repeat(201) }),
      'Máximo de 200 caracteres',
    );
    await refused('POST', '/api/lockers', JSON.stringify({ hub_id: 'IB-01', price_per_hour: '1'.repeat(41) }), 'Máximo de 40 caracteres');
    await refused('POST', '/api/users', JSON.stringify({ name: 'x'.repeat(121), email: 'a@example.com' }), 'Máximo de 120 caracteres');
    const login = await send('POST', '/api/auth/login', JSON.stringify({ email: `${'x'.repeat(250)}@example.com`, password: 'segredo' }), {});
    expect(login.statusCode).toBe(400);
    expect(login.json().error.message).toContain('Máximo de 254 caracteres');
    const refresh = await send('POST', '/api/auth/refresh', JSON.stringify({ refresh_token: 'x'.repeat(201) }), {});
    expect(refresh.json().error.message).toContain('Máximo de 200 caracteres');
    for (const res of [login, refresh]) expect(res.json().error.message).not.toContain('Deve ser um texto');
    // A wrong type still says so.
    expect((await send('POST', '/api/auth/login', JSON.stringify({ email: 12, password: 'segredo' }), {})).json().error.message).toContain('Deve ser um texto');
  });
});
