// The dashboard's locker calls (docs/admin-api.md, "Lockers"): reads for admins and logistics,
// writes for admins; defaults, prices in reais, collect numbers for Drop-Off only, renumbering on
// removal, removal refused while future reservations exist, the toggle and PUT deactivation
// moving reservations (or listing the ones they could not move), and read-your-writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardHubBody } from '../support/api-client.js';
import { errorShapeProblem } from '../support/error-shape.js';
import type { TestApp } from '../support/test-app.js';
import { signUp, startTestApp, windowFromNow } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;
interface LockerBody {
  id: string;
  hub_id: string;
  order_number: number;
  size: string;
  type: string;
  price_per_hour: number;
  status: string;
  collect_number: string | null;
  available_now: boolean;
}

const LOCKER_KEYS = ['available_now', 'collect_number', 'hub_id', 'id', 'order_number', 'price_per_hour', 'size', 'status', 'type'];

let t: TestApp;
let admin: Account;
let renter: Account;
let logistics: Account;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Account | null = admin, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const lockersOf = async (hubId: string): Promise<LockerBody[]> => (await call('GET', `/api/hubs/${hubId}/lockers`)).json();
const detailLockers = async (hubId: string): Promise<LockerBody[]> => (await call('GET', `/api/hubs/${hubId}`)).json().lockers;
/** Books and pays: the renter holds several reservations here, and one unpaid at most (ADR 0016). */
const book = async (hubId: string, size: string, offsetHours = 2) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/reservations/by-size',
    headers: renter.headers,
    payload: { hub_id: hubId, size, ...windowFromNow(1, offsetHours) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const booked = res.json<{ id: string; locker_id: string; start_time: string; end_time: string }>();
  const paid = await t.app.inject({ method: 'POST', url: `/api/reservations/${booked.id}/pay`, headers: renter.headers, payload: { method: 'pix' } });
  expect(paid.statusCode, paid.body).toBe(200);
  return booked;
};
const createHub = async (id: string, lockers: object[]) => {
  const res = await call('POST', '/api/hubs', admin, dashboardHubBody(id, { lockers }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().lockers as LockerBody[];
};

beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  [admin, renter, logistics] = await Promise.all([signUp(t, 'Ada', 'admin'), signUp(t, 'Renata Souza'), signUp(t, 'Lia', 'logistics')]);
  await createHub('LK-01', [{ size: 'P' }, { size: 'P', price_per_hour: 6 }, { size: 'M', type: 'Drop-Off', collect_number: '4' }]);
}, 60_000);
afterAll(async () => t?.close());

describe('locker reads', () => {
  it("lists a Hub's lockers in order for admins and logistics, with exactly the Locker fields", async () => {
    for (const who of [admin, logistics]) {
      const res = await call('GET', '/api/hubs/lk-01/lockers', who);
      expect(res.statusCode).toBe(200);
      const lockers: LockerBody[] = res.json();
      expect(lockers.map((l) => [l.order_number, l.size, l.type, l.price_per_hour, l.status, l.collect_number, l.available_now])).toEqual([
        [1, 'P', 'GMV', 5, 'Ativo', null, true],
        [2, 'P', 'GMV', 6, 'Ativo', null, true],
        [3, 'M', 'Drop-Off', 5, 'Ativo', '4', true],
      ]);
      expect(Object.keys(lockers[0]!).sort()).toEqual(LOCKER_KEYS);
      expect(res.body).not.toContain('DASH420000');
    }
  });

  it('reads one locker', async () => {
    const [first] = await lockersOf('LK-01');
    const res = await call('GET', `/api/lockers/${first!.id}`, logistics);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(first);
  });

  it('answers 404 for an unknown Hub or locker, 400 for a malformed locker id', async () => {
    expect((await call('GET', '/api/hubs/ZZ-99/lockers')).json()).toEqual({ error: { code: 'not_found', message: 'Hub não encontrado' } });
    expect((await call('GET', '/api/lockers/7b0f2f7e-8f7e-4c1a-9d3e-111111111111')).json()).toEqual({
      error: { code: 'not_found', message: 'Locker não encontrado' },
    });
    expect((await call('GET', '/api/lockers/nao-e-um-id')).statusCode).toBe(400);
  });

  it('visitors get 401 and renters 403', async () => {
    const [first] = await lockersOf('LK-01');
    for (const url of ['/api/hubs/LK-01/lockers', `/api/lockers/${first!.id}`]) {
      expect((await call('GET', url, null)).statusCode).toBe(401);
      const asRenter = await call('GET', url, renter);
      expect(asRenter.statusCode).toBe(403);
      expect(errorShapeProblem(asRenter, 'GET')).toBeNull();
    }
  });
});

describe('installing lockers', () => {
  it('installs with the defaults: P, GMV, R$ 5,00/h, Ativo, number count + 1; the next GET shows it', async () => {
    const res = await call('POST', '/api/lockers', admin, { hub_id: 'lk-01' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      hub_id: 'LK-01',
      order_number: 4,
      size: 'P',
      type: 'GMV',
      price_per_hour: 5,
      status: 'Ativo',
      collect_number: null,
      available_now: true,
    });
    expect(Object.keys(res.json()).sort()).toEqual(LOCKER_KEYS);
    expect((await detailLockers('LK-01')).map((l) => l.id)).toContain(res.json().id);
    expect((await call('GET', `/api/lockers/${res.json().id}`, logistics)).json()).toEqual(res.json());
  });

  it('takes prices in reais (text with a comma too); an unparsable price is 0', async () => {
    const priced = await call('POST', '/api/lockers', admin, { hub_id: 'LK-01', size: 'G', price_per_hour: '7,5' });
    expect(priced.json()).toMatchObject({ size: 'G', price_per_hour: 7.5 });
    const junk = await call('POST', '/api/lockers', admin, { hub_id: 'LK-01', size: 'G', price_per_hour: 'grátis' });
    expect(junk.json().price_per_hour).toBe(0);
    const negative = await call('POST', '/api/lockers', admin, { hub_id: 'LK-01', price_per_hour: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.code).toBe('invalid_price');
  });

  it('keeps a collect number for Drop-Off only', async () => {
    const drop = await call('POST', '/api/lockers', admin, { hub_id: 'LK-01', type: 'Drop-Off', collect_number: 9 });
    expect(drop.json()).toMatchObject({ type: 'Drop-Off', collect_number: '9' });
    const gmv = await call('POST', '/api/lockers', admin, { hub_id: 'LK-01', type: 'GMV', collect_number: '9' });
    expect(gmv.json()).toMatchObject({ type: 'GMV', collect_number: null });
  });

  it('refuses a taken number, an unknown Hub, a missing Hub, a bad size', async () => {
    const taken = await call('POST', '/api/lockers', admin, { hub_id: 'LK-01', order_number: 2 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('order_number_taken');
    expect((await call('POST', '/api/lockers', admin, { hub_id: 'ZZ-99' })).statusCode).toBe(404);
    expect((await call('POST', '/api/lockers', admin, {})).json()).toEqual({
      error: { code: 'validation_failed', message: 'Por favor, preencha todos os campos obrigatórios.' },
    });
    const size = await call('POST', '/api/lockers', admin, { hub_id: 'LK-01', size: 'XL' });
    expect(size.statusCode).toBe(400);
    expect(errorShapeProblem(size, 'POST')).toBeNull();
  });
});

describe('changing and removing lockers', () => {
  it('changes fields; leaving Drop-Off clears the collect number; the next GET shows it', async () => {
    const drop = (await lockersOf('LK-01')).find((l) => l.type === 'Drop-Off')!;
    const res = await call('PUT', `/api/lockers/${drop.id}`, admin, { type: 'GMV', size: 'G', price_per_hour: 12.34, order_number: drop.order_number });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: drop.id,
      type: 'GMV',
      size: 'G',
      price_per_hour: 12.34,
      collect_number: null,
      status: 'Ativo',
      moved: [],
      unmoved: [],
    });
    expect((await detailLockers('LK-01')).find((l) => l.id === drop.id)).toMatchObject({ type: 'GMV', size: 'G', price_per_hour: 12.34, collect_number: null });
  });

  it('refuses another number or another Hub for a locker, and an unknown locker', async () => {
    const [first] = await lockersOf('LK-01');
    const order = await call('PUT', `/api/lockers/${first!.id}`, admin, { order_number: 9 });
    expect(order.json()).toEqual({ error: { code: 'order_number_immutable', message: 'O número do locker não pode ser alterado.' } });
    const hub = await call('PUT', `/api/lockers/${first!.id}`, admin, { hub_id: 'SP-01' });
    expect(hub.json()).toEqual({ error: { code: 'locker_hub_immutable', message: 'O Hub do locker não pode ser alterado.' } });
    expect((await call('PUT', '/api/lockers/7b0f2f7e-8f7e-4c1a-9d3e-111111111111', admin, { size: 'M' })).statusCode).toBe(404);
  });

  it('removes a locker and renumbers the ones after it, shown right away', async () => {
    const before = await lockersOf('LK-01');
    const gone = before[1]!;
    const res = await call('DELETE', `/api/lockers/${gone.id}`);
    expect(res.statusCode, res.body).toBe(204);
    const after = await lockersOf('LK-01');
    expect(after.map((l) => l.id)).toEqual(before.filter((l) => l.id !== gone.id).map((l) => l.id));
    expect(after.map((l) => l.order_number)).toEqual(after.map((_, i) => i + 1));
    expect((await detailLockers('LK-01')).map((l) => l.id)).not.toContain(gone.id);
    expect((await call('GET', `/api/lockers/${gone.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/lockers/${gone.id}`)).statusCode).toBe(404);
  });

  it('refuses to remove a locker with future reservations, naming how many', async () => {
    await createHub('LK-02', [{ size: 'M' }]);
    const booked = await book('LK-02', 'M');
    const res = await call('DELETE', `/api/lockers/${booked.locker_id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'locker_has_reservations', message: 'Este locker tem 1 reserva futura pendente ou ativa. Cancele-a antes de removê-lo.' },
    });
    expect(await lockersOf('LK-02')).toHaveLength(1);
    await book('LK-02', 'M', 4);
    expect((await call('DELETE', `/api/lockers/${booked.locker_id}`)).json().error.message).toBe(
      'Este locker tem 2 reservas futuras pendentes ou ativas. Cancele-as antes de removê-lo.',
    );
  });
});

describe('activation and deactivation', () => {
  it('toggling a booked locker off moves its reservation to a free locker of the same size', async () => {
    await createHub('LK-03', [{ size: 'P' }, { size: 'P' }, { size: 'M' }]);
    const booked = await book('LK-03', 'P');
    const res = await call('POST', `/api/lockers/${booked.locker_id}/toggle-status`);
    expect(res.statusCode, res.body).toBe(200);
    const change = res.json();
    expect(change).toMatchObject({ id: booked.locker_id, status: 'Inativo', available_now: false, unmoved: [] });
    expect(change.moved).toHaveLength(1);
    const other = (await lockersOf('LK-03')).find((l) => l.size === 'P' && l.id !== booked.locker_id)!;
    expect(change.moved[0]).toEqual({
      reservation_id: booked.id,
      start_time: booked.start_time,
      end_time: booked.end_time,
      to_locker_id: other.id,
      to_order_number: other.order_number,
    });
    // The renter's reservation now names the other locker; the Hub shows the locker off.
    const reservation = await t.app.inject({ url: `/api/reservations/${booked.id}`, headers: renter.headers });
    expect(reservation.json().locker_id).toBe(other.id);
    expect((await detailLockers('LK-03')).find((l) => l.id === booked.locker_id)!.status).toBe('Inativo');

    const back = await call('POST', `/api/lockers/${booked.locker_id}/toggle-status`);
    expect(back.json()).toMatchObject({ status: 'Ativo', available_now: true, moved: [], unmoved: [] });
    expect((await detailLockers('LK-03')).find((l) => l.id === booked.locker_id)!.status).toBe('Ativo');
  });

  it("lists the reservations no free locker could take, with the renter's name", async () => {
    await createHub('LK-04', [{ size: 'G' }]);
    const booked = await book('LK-04', 'G');
    const res = await call('POST', `/api/lockers/${booked.locker_id}/toggle-status`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Inativo', moved: [] });
    expect(res.json().unmoved).toEqual([{ reservation_id: booked.id, start_time: booked.start_time, end_time: booked.end_time, user_name: 'Renata Souza' }]);
  });

  it('PUT with status Inativo deactivates (and moves) in the same call as the other changes', async () => {
    await createHub('LK-05', [{ size: 'M' }, { size: 'M' }]);
    const booked = await book('LK-05', 'M');
    const res = await call('PUT', `/api/lockers/${booked.locker_id}`, admin, { status: 'Inativo', price_per_hour: 9 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Inativo', price_per_hour: 9, unmoved: [] });
    expect(res.json().moved.map((m: { reservation_id: string }) => m.reservation_id)).toEqual([booked.id]);
    expect((await detailLockers('LK-05')).find((l) => l.id === booked.locker_id)).toMatchObject({ status: 'Inativo', price_per_hour: 9 });
    const reactivated = await call('PUT', `/api/lockers/${booked.locker_id}`, admin, { status: 'Ativo' });
    expect(reactivated.json()).toMatchObject({ status: 'Ativo', moved: [], unmoved: [] });
  });

  it('unknown lockers are 404', async () => {
    expect((await call('POST', '/api/lockers/7b0f2f7e-8f7e-4c1a-9d3e-111111111111/toggle-status')).statusCode).toBe(404);
  });
});

describe('who may write lockers', () => {
  it('visitors 401, renters and logistics 403, and nothing changes', async () => {
    const [first] = await lockersOf('LK-01');
    const writes = [
      ['POST', '/api/lockers', { hub_id: 'LK-01' }],
      ['PUT', `/api/lockers/${first!.id}`, { size: 'X' }],
      ['DELETE', `/api/lockers/${first!.id}`, undefined],
      ['POST', `/api/lockers/${first!.id}/toggle-status`, undefined],
    ] as const;
    const before = await lockersOf('LK-01');
    for (const [who, status] of [
      [null, 401],
      [renter, 403],
      [logistics, 403],
    ] as const) {
      for (const [method, url, payload] of writes) {
        const res = await call(method, url, who, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(status);
        expect(errorShapeProblem(res, method)).toBeNull();
      }
    }
    expect(await lockersOf('LK-01')).toEqual(before);
  });
});

describe('locker writes with the projections stopped', () => {
  let stopped: TestApp;
  let boss: Account;
  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    stopped.app.inject({ method, url, headers: boss.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    stopped = await startTestApp({ projections: false });
    await stopped.app.ready();
    boss = await signUp(stopped, 'Ada', 'admin');
  }, 60_000);
  afterAll(async () => stopped?.close());

  it('each answer and the next reads show the write, from the command itself', async () => {
    expect((await as('POST', '/api/hubs', dashboardHubBody('ST-01', { lockers: [{ size: 'P' }, { size: 'M' }] }))).statusCode).toBe(201);
    const installed = await as('POST', '/api/lockers', { hub_id: 'ST-01', size: 'G' });
    expect(installed.statusCode, installed.body).toBe(201);
    const id = installed.json().id as string;
    expect((await as('GET', '/api/hubs/ST-01/lockers')).json().map((l: LockerBody) => l.size)).toEqual(['P', 'M', 'G']);
    expect((await as('GET', `/api/lockers/${id}`)).json()).toMatchObject({ order_number: 3, size: 'G' });

    expect((await as('POST', `/api/lockers/${id}/toggle-status`)).json()).toMatchObject({ status: 'Inativo' });
    expect((await as('GET', '/api/hubs/ST-01')).json().lockers[2]).toMatchObject({ id, status: 'Inativo' });

    const first = (await as('GET', '/api/hubs/ST-01/lockers')).json()[0] as LockerBody;
    expect((await as('DELETE', `/api/lockers/${first.id}`)).statusCode).toBe(204);
    expect((await as('GET', '/api/hubs/ST-01/lockers')).json().map((l: LockerBody) => [l.size, l.order_number])).toEqual([
      ['M', 1],
      ['G', 2],
    ]);
    expect((await stopped.db.query('SELECT 1 FROM rm_lockers')).rowCount).toBe(0); // none of it came from the read model
  });
});
