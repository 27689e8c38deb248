// The dashboard's Hub writes (docs/admin-api.md, "Hubs"): both payloads of the spec, defaults,
// the §5 messages, duplicates, updates, removal refused while future reservations exist, who may
// call, and that the answer and the very next GET /api/hubs/{id} already show the write, even
// with the projections stopped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHubBody, dashboardHubBody } from '../support/api-client.js';
import { errorShapeProblem } from '../support/error-shape.js';
import type { TestApp } from '../support/test-app.js';
import { signUp, startTestApp, windowFromNow } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;

const REQUIRED = 'Por favor, preencha todos os campos obrigatórios.';
const BAD_ID = 'ID do Hub deve seguir o padrão: duas letras e dois números (XX-00).';
const BAD_SECRET = 'Chave secreta deve ter no máximo 10 caracteres alfanuméricos.';

describe('admin Hub writes', () => {
  let t: TestApp;
  let admin: Account;
  let renter: Account;
  let logistics: Account;

  const post = (payload: object, who: Account | null = admin) => t.app.inject({ method: 'POST', url: '/api/hubs', headers: who?.headers ?? {}, payload });
  const put = (id: string, payload: object, who: Account | null = admin) =>
    t.app.inject({ method: 'PUT', url: `/api/hubs/${id}`, headers: who?.headers ?? {}, payload });
  const del = (id: string, who: Account | null = admin) => t.app.inject({ method: 'DELETE', url: `/api/hubs/${id}`, headers: who?.headers ?? {} });
  const get = (id: string, who: Account | null = admin) => t.app.inject({ url: `/api/hubs/${id}`, headers: who?.headers ?? {} });
  const book = (hubId: string, size: string, offsetHours: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: hubId, size, ...windowFromNow(1, offsetHours) },
    });

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.ready();
    [admin, renter, logistics] = await Promise.all([signUp(t, 'Ada', 'admin'), signUp(t, 'Renata'), signUp(t, 'Lia', 'logistics')]);
  }, 60_000);
  afterAll(async () => t?.close());

  it('registers a Hub from the API payload: 201 with the admin detail, and the next GET shows it', async () => {
    const res = await post(apiHubBody('SP-01'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      id: 'SP-01',
      name: 'Hub SP-01',
      city: 'São Paulo',
      country: 'BR',
      location: { latitude: -23.5505, longitude: -46.6333 },
      secret_key: 'KEY1234567',
      private: false,
      autoRegistration: false,
      type: 'centralized',
      hardware: 'LK-31',
      lockers: [],
      locker_count: 0,
    });
    const detail = await get('SP-01');
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: 'SP-01', secret_key: 'KEY1234567', address: 'Rua Augusta, 100' });
    const asRenter = await get('SP-01', renter);
    expect(asRenter.statusCode).toBe(200);
    expect(asRenter.body).not.toContain('secret_key');
    expect(asRenter.body).not.toContain('KEY1234567');
  });

  it('registers a Hub from the dashboard payload with its lockers in the same command', async () => {
    const res = await post(
      dashboardHubBody('mg-01', {
        private: true,
        autoRegistration: true,
        type: 'decentralized',
        hardware: 'LK-60',
        lockers: [
          { size: 'M', type: 'GMV', price_per_hour: 7.5, status: 'Ativo' },
          { size: 'G', type: 'Drop-Off', price_per_hour: 'não sei', status: 'Inativo', collect_number: '12' },
          { type: 'Tech', collect_number: '3' },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const hub = res.json();
    expect(hub).toMatchObject({ id: 'MG-01', private: true, autoRegistration: true, type: 'decentralized', hardware: 'LK-60', secret_key: 'DASH420000' });
    expect(hub.lockers.map((l: Record<string, unknown>) => [l.order_number, l.size, l.type, l.price_per_hour, l.status, l.collect_number])).toEqual([
      [1, 'M', 'GMV', 7.5, 'Ativo', null],
      [2, 'G', 'Drop-Off', 0, 'Inativo', '12'], // unparsable price → 0; Drop-Off keeps its door
      [3, 'P', 'Tech', 5, 'Ativo', null], // defaults; only Drop-Off has a collect number
    ]);
    const lockers = (await get('MG-01')).json().lockers;
    expect(lockers.map((l: { id: string }) => l.id)).toEqual(hub.lockers.map((l: { id: string }) => l.id));
    // One command, one append: the Hub and its lockers are one stream write.
    const positions = new Set((await t.store.readStream('hub-MG-01')).map((e) => `${e.position.tx}`));
    expect(positions.size).toBe(1);
  });

  it('fills the defaults: name "Locker {id}", country BR', async () => {
    const { name: _name, country: _country, ...rest } = apiHubBody('RJ-01');
    const res = await post(rest);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Locker RJ-01', country: 'BR', type: 'centralized', hardware: 'LK-31', private: false });
  });

  it.each([
    ['the id', { id: '' }],
    ['the latitude', { latitude: null }],
    ['the longitude', { longitude: '' }],
  ])('refuses a Hub without %s with the §5 message', async (_what, change) => {
    const res = await post({ ...apiHubBody('SP-02'), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_failed', message: REQUIRED } });
    expect((await get('SP-02')).statusCode).toBe(404);
  });

  it('refuses a dashboard payload without location with the same message', async () => {
    const res = await post(dashboardHubBody('SP-02', { location: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(REQUIRED);
  });

  it.each(['SP2', 'SPX-01', 'S-001', 'SP-1'])('refuses the id %j with the §5 message', async (id) => {
    const res = await post(apiHubBody(id));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid_hub_id', message: BAD_ID } });
  });

  it.each(['ABCDEFGHIJK', 'chave-1', 'com espaço'])('refuses the secret key %j with the §5 message', async (secret) => {
    const res = await post(dashboardHubBody('SP-03', { secretKey: secret }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid_secret_key', message: BAD_SECRET } });
    expect((await get('SP-03')).statusCode).toBe(404);
  });

  it('refuses coordinates off the globe', async () => {
    const res = await post(apiHubBody('SP-04', { latitude: 123 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_coordinates');
  });

  it('answers 409 hub_exists for an id already taken, and changes nothing', async () => {
    const res = await post(apiHubBody('SP-01', { name: 'Outro' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'hub_exists', message: 'Já existe um Hub com este ID.' } });
    expect((await get('SP-01')).json().name).toBe('Hub SP-01');
  });

  it('updates any subset of fields; the answer and the next GET show it', async () => {
    const res = await put('sp-01', {
      name: 'Hub Augusta',
      location: { latitude: -23.56, longitude: -46.65 },
      secretKey: 'NEWKEY2345',
      private: true,
      hardware: 'Outro',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: 'SP-01',
      name: 'Hub Augusta',
      location: { latitude: -23.56, longitude: -46.65 },
      secret_key: 'NEWKEY2345',
      private: true,
      hardware: 'Outro',
    });
    expect(res.json().address).toBe('Rua Augusta, 100'); // untouched
    const detail = (await get('SP-01')).json();
    expect(detail).toMatchObject({ name: 'Hub Augusta', secret_key: 'NEWKEY2345', private: true });
    // The API payload's flat names work too; the id may be sent if it is the same.
    const flat = await put('SP-01', { id: 'SP-01', latitude: -23.5, secret_key: 'K234567890', description: 'Nova descrição' });
    expect(flat.json()).toMatchObject({ location: { latitude: -23.5, longitude: -46.65 }, secret_key: 'K234567890', description: 'Nova descrição' });
    expect((await get('SP-01')).json().description).toBe('Nova descrição');
  });

  it('keeps the id: another id in the body is refused', async () => {
    const res = await put('SP-01', { id: 'SP-09', name: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'hub_id_immutable', message: 'O ID do Hub não pode ser alterado.' } });
    expect((await get('SP-09')).statusCode).toBe(404);
    expect((await get('SP-01')).json().name).toBe('Hub Augusta');
  });

  it('refuses a required field sent empty, a bad secret key, and an unknown Hub', async () => {
    expect((await put('SP-01', { secretKey: '' })).json()).toEqual({ error: { code: 'validation_failed', message: REQUIRED } });
    expect((await put('SP-01', { secretKey: 'longa-demais-1' })).json().error).toEqual({ code: 'invalid_secret_key', message: BAD_SECRET });
    const missing = await put('ZZ-98', { name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Hub não encontrado');
  });

  it('an update that changes nothing writes nothing', async () => {
    const before = (await t.store.readStream('hub-SP-01')).length;
    const res = await put('SP-01', { name: 'Hub Augusta', private: true });
    expect(res.statusCode).toBe(200);
    expect((await t.store.readStream('hub-SP-01')).length).toBe(before);
  });

  it('refuses to delete a Hub with future reservations, naming how many; nothing changes', async () => {
    expect((await post(dashboardHubBody('BH-01', { lockers: [{ size: 'P' }, { size: 'P' }] }))).statusCode).toBe(201);
    const first = await book('BH-01', 'P', 2);
    expect(first.statusCode, first.body).toBe(201);
    let res = await del('BH-01');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'hub_has_reservations', message: 'Este Hub tem 1 reserva futura pendente ou ativa. Cancele-a antes de removê-lo.' },
    });
    // Paid first: the renter holds one unpaid booking at a time (ADR 0016).
    const paid = await t.app.inject({ method: 'POST', url: `/api/reservations/${first.json().id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
    expect(paid.statusCode).toBe(200);
    const second = await book('BH-01', 'P', 2);
    expect(second.statusCode, second.body).toBe(201);
    res = await del('BH-01');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Este Hub tem 2 reservas futuras pendentes ou ativas. Cancele-as antes de removê-lo.');
    expect((await get('BH-01')).json().lockers).toHaveLength(2);

    for (const booked of [first, second]) {
      const cancelled = await t.app.inject({ method: 'POST', url: `/api/reservations/${booked.json().id}/cancel`, headers: renter.headers });
      expect(cancelled.statusCode).toBe(200);
    }
    res = await del('BH-01');
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect((await get('BH-01')).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/hubs', headers: admin.headers })).json().map((h: { id: string }) => h.id)).not.toContain('BH-01');
  });

  it('deleting an unknown Hub is 404; a removed id may be registered again', async () => {
    expect((await del('ZZ-97')).statusCode).toBe(404);
    const again = await post(apiHubBody('BH-01', { name: 'De volta' }));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ name: 'De volta', lockers: [] });
  });

  it('a retry with the same Idempotency-Key registers once and gets the same answer', async () => {
    const headers = { ...admin.headers, 'idempotency-key': 'create-AM-01' };
    const body = dashboardHubBody('AM-01', { lockers: [{ size: 'M' }] });
    const first = await t.app.inject({ method: 'POST', url: '/api/hubs', headers, payload: body });
    const retry = await t.app.inject({ method: 'POST', url: '/api/hubs', headers, payload: body });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await t.store.readStream('hub-AM-01')).toHaveLength(2);
  });

  it('only admins write: visitors 401, renters and logistics 403, in pt-BR JSON; nothing changes', async () => {
    for (const [who, status] of [
      [null, 401],
      [renter, 403],
      [logistics, 403],
    ] as const) {
      const answers = [await post(apiHubBody('SP-05'), who), await put('SP-01', { name: 'Invadido' }, who), await del('SP-01', who)];
      for (const res of answers) {
        expect(res.statusCode).toBe(status);
        expect(errorShapeProblem(res, 'POST')).toBeNull();
        expect(res.body).not.toContain('K234567890');
      }
    }
    expect((await get('SP-05')).statusCode).toBe(404);
    expect((await get('SP-01')).json().name).toBe('Hub Augusta');
  });
});

describe('admin Hub writes with the projections stopped', () => {
  let t: TestApp;
  let admin: Account;

  beforeAll(async () => {
    t = await startTestApp({ projections: false });
    await t.app.ready();
    admin = await signUp(t, 'Ada', 'admin');
  }, 60_000);
  afterAll(async () => t?.close());

  it('the answer and the next GET show each write from the command itself', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/hubs',
      headers: admin.headers,
      payload: dashboardHubBody('PE-01', { lockers: [{ size: 'G' }] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    let detail = await t.app.inject({ url: '/api/hubs/PE-01', headers: admin.headers });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: 'PE-01', secret_key: 'DASH420000', lockers: [{ size: 'G', order_number: 1 }] });
    expect((await t.db.query('SELECT 1 FROM rm_hubs WHERE id = $1', ['PE-01'])).rowCount).toBe(0); // not from the read model

    const changed = await t.app.inject({ method: 'PUT', url: '/api/hubs/PE-01', headers: admin.headers, payload: { name: 'Recife Antigo' } });
    expect(changed.json().name).toBe('Recife Antigo');
    detail = await t.app.inject({ url: '/api/hubs/PE-01' });
    expect(detail.json().name).toBe('Recife Antigo');
    expect((await t.app.inject({ url: '/api/hubs' })).json().map((h: { name: string }) => h.name)).toContain('Recife Antigo');

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/hubs/PE-01', headers: admin.headers });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/hubs/PE-01', headers: admin.headers })).statusCode).toBe(404);
  });
});
