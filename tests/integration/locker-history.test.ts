// The locker history and "the Hub as it was at" (docs/admin-api.md, "History") through the whole
// API: a Hub seeded through commands, renters booking, paying, finalizing and cancelling, an
// admin deactivating a booked locker (its reservation moves), then the history read back as the
// dashboard reads it. The clock is pinned at one step per minute so every fact has a known time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTimeSeconds } from '../../api/history/history-format.js';
import { errorShapeProblem } from '../support/error-shape.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, windowFromNow } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;
interface Entry {
  id: string;
  at: string;
  at_text: string;
  kind: string;
  hub_id: string;
  locker_id: string | null;
  locker_order_number: number | null;
  reservation_id: string | null;
  actor: { id: string; kind: string; role: string; name: string };
  sentence: string;
}
interface Page {
  items: Entry[];
  next_cursor: string | null;
}

const HUB = 'HI-01';
let t: TestApp;
let lockers: string[];
let admin: Account;
let ana: Account;
let bruno: Account;
let carla: Account;
let logistics: Account;
let anaReservation: { id: string; start_time: string; end_time: string };
let brunoReservation: { id: string };
const T0 = Date.now();
/** The pinned time of step n: one minute apart, after the Hub was registered. */
const step = (n: number) => new Date(T0 + n * 60_000);
const at = (n: number) => {
  t.clock.now = step(n);
};

const get = (url: string, who: Account = admin) => t.app.inject({ method: 'GET', url, headers: who.headers });
const history = async (url: string): Promise<Page> => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const post = async (who: Account, url: string, payload?: object) => {
  const res = await t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};

beforeAll(async () => {
  t = await startTestApp();
  lockers = await registerHub(t.store, HUB, [
    { size: 'M', priceCents: 600 },
    { size: 'P', priceCents: 500 },
    { size: 'M', priceCents: 600 },
  ]);
  [admin, ana, bruno, carla, logistics] = [
    await signUp(t, 'Administrador Hub', 'admin'),
    await signUp(t, 'Ana Souza'),
    await signUp(t, 'Bruno Lima'),
    await signUp(t, 'Carla Dias'),
    await signUp(t, 'Lia Logística', 'logistics'),
  ];
  // Begun when booked, so the booking issues its code (codes exist only inside the window).
  const anaStart = Math.floor(step(1).getTime() / 60_000) * 60_000;
  const window = { start_time: new Date(anaStart).toISOString(), end_time: new Date(anaStart + 2 * 3_600_000).toISOString() };
  at(1);
  anaReservation = await post(ana, '/api/reservations/by-size', { hub_id: HUB, size: 'M', ...window });
  at(2);
  await post(ana, `/api/reservations/${anaReservation.id}/pay`, { method: 'pix' });
  at(3);
  await post(ana, `/api/reservations/${anaReservation.id}/finalize`);
  // Bruno's paid booking on locker 01 moves to locker 03 when the admin deactivates 01.
  at(5);
  brunoReservation = await post(bruno, '/api/reservations/by-size', { hub_id: HUB, size: 'M', ...windowFromNow(1, 8) });
  at(6);
  await post(bruno, `/api/reservations/${brunoReservation.id}/pay`, { method: 'credit_card' });
  at(7);
  const toggled = await post(admin, `/api/lockers/${lockers[0]}/toggle-status`);
  expect(toggled.moved).toEqual([expect.objectContaining({ reservation_id: brunoReservation.id, to_locker_id: lockers[2], to_order_number: 3 })]);
  at(8);
  await post(admin, `/api/lockers/${lockers[0]}/toggle-status`);
  // Carla books and cancels, and is then erased: her name is gone, her facts stay.
  at(9);
  const carlaReservation = await post(carla, '/api/reservations/by-size', { hub_id: HUB, size: 'P', ...windowFromNow(1, 12) });
  at(10);
  await post(carla, `/api/reservations/${carlaReservation.id}/cancel`);
  t.clock.now = null;
  await t.db.query('DELETE FROM users WHERE id = $1', [carla.id]);
}, 60_000);

afterAll(async () => t?.close());

describe('a locker history', () => {
  it('reads newest first, with the renter named, times in São Paulo and a sentence per fact', async () => {
    const { items, next_cursor } = await history(`/api/lockers/${lockers[0]}/history`);
    expect(next_cursor).toBeNull();
    // Times never go backwards down the list.
    const times = items.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const ana1 = items.filter((e) => e.reservation_id === anaReservation.id);
    expect(ana1.map((e) => e.kind)).toEqual(['finalized', 'paid', 'code_issued', 'booked']);
    const booked = ana1.find((e) => e.kind === 'booked')!;
    expect(booked).toMatchObject({
      at: step(1).toISOString(),
      at_text: formatDateTimeSeconds(step(1)),
      hub_id: HUB,
      locker_id: lockers[0],
      locker_order_number: 1,
      actor: { id: ana.id, kind: 'user', role: 'user', name: 'Ana Souza' },
    });
    expect(booked.at_text).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(booked.sentence).toMatch(/^Locker 01 \(M\) reservado por Ana Souza para \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}–.+ \(R\$ 12,00\)\.$/);
    expect(ana1[1]!.sentence).toBe('Locker 01: pagamento de R$ 12,00 via Pix confirmado por Ana Souza.');
    expect(ana1[0]!.sentence).toBe('Locker 01: reserva finalizada por Ana Souza.');
    // Installed by the seeding (a system actor) before anything else.
    expect(items.at(-1)).toMatchObject({
      kind: 'installed',
      actor: { kind: 'system', name: 'Sistema' },
      sentence: 'Locker 01 (M, GMV, R$ 6,00/h) instalado por Sistema.',
    });
  });

  it('says who deactivated the locker and where its reservation went', async () => {
    const old = (await history(`/api/lockers/${lockers[0]}/history?kind=deactivated,activated,moved_out`)).items;
    expect(old.map((e) => e.kind).sort()).toEqual(['activated', 'deactivated', 'moved_out']);
    expect(old[0]).toMatchObject({ kind: 'activated', sentence: 'Locker 01 ativado por Administrador Hub.' });
    expect(old.find((e) => e.kind === 'deactivated')!.sentence).toBe('Locker 01 desativado por Administrador Hub.');
    const out = old.find((e) => e.kind === 'moved_out')!;
    expect(out).toMatchObject({ reservation_id: brunoReservation.id, locker_order_number: 1, actor: { id: admin.id, role: 'admin' } });
    expect(out.sentence).toBe('Reserva movida do locker 01 para o locker 03 por Administrador Hub.');
    const moved = (await history(`/api/lockers/${lockers[2]}/history?kind=moved_in`)).items;
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ reservation_id: brunoReservation.id, locker_id: lockers[2], locker_order_number: 3, sentence: out.sentence });
    expect(moved[0]!.id).not.toBe(out.id);
  });

  it('a person erased from users reads "Usuário removido"; the facts stay', async () => {
    const { items } = await history(`/api/lockers/${lockers[1]}/history?kind=booked,cancelled`);
    expect(items.map((e) => e.kind)).toEqual(['cancelled', 'booked']);
    expect(items[0]!.actor).toEqual({ id: carla.id, kind: 'user', role: 'user', name: 'Usuário removido' });
    expect(items[0]!.sentence).toBe('Locker 02: reserva cancelada por Usuário removido (Cancelada pelo usuário).');
    expect(items[1]!.sentence).toMatch(/^Locker 02 \(P\) reservado por Usuário removido para /);
  });

  it('filters by kind and by period', async () => {
    const paidOrBooked = (await history(`/api/lockers/${lockers[0]}/history?kind=booked,paid`)).items;
    expect(paidOrBooked.map((e) => `${e.kind}:${e.reservation_id === anaReservation.id ? 'ana' : 'bruno'}`)).toEqual([
      'paid:bruno',
      'booked:bruno',
      'paid:ana',
      'booked:ana',
    ]);
    const q = new URLSearchParams({ from: step(1).toISOString(), to: step(3).toISOString() });
    const inPeriod = (await history(`/api/lockers/${lockers[0]}/history?${q}`)).items;
    expect(inPeriod.map((e) => e.kind)).toEqual(['finalized', 'paid', 'code_issued', 'booked']);
    const hubOnlyLocker3 = (await history(`/api/hubs/${HUB}/history?locker_id=${lockers[2]}`)).items;
    expect(new Set(hubOnlyLocker3.map((e) => e.locker_id))).toEqual(new Set([lockers[2]]));
  });

  it('pages the Hub history with a cursor: every entry once, in order, none skipped', async () => {
    const whole = (await history(`/api/hubs/${HUB}/history?limit=200`)).items;
    // The Hub itself, its three lockers and every reservation fact.
    expect(whole.at(-1)).toMatchObject({ kind: 'hub_registered', locker_id: null, sentence: `Hub ${HUB} (Hub ${HUB}) cadastrado por Sistema.` });
    expect(whole.filter((e) => e.kind === 'installed')).toHaveLength(3);
    expect(whole.length).toBeGreaterThan(15);
    const paged: Entry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await history(`/api/hubs/${HUB}/history?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(4);
      paged.push(...page.items);
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 50);
    expect(paged.map((e) => e.id)).toEqual(whole.map((e) => e.id));
    expect(new Set(paged.map((e) => e.id)).size).toBe(paged.length);
    expect(pages).toBe(Math.ceil(whole.length / 4));
  });

  it('refuses bad filters in pt-BR and answers 404 for a locker it never knew', async () => {
    for (const query of ['kind=bogus', 'limit=0', 'limit=201', 'cursor=nope', 'from=ontem', `from=${step(3).toISOString()}&to=${step(1).toISOString()}`]) {
      const res = await get(`/api/hubs/${HUB}/history?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorShapeProblem(res, 'GET'), query).toBeNull();
    }
    const unknown = await get('/api/lockers/00000000-0000-4000-8000-000000000000/history');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Locker não encontrado');
    expect((await get('/api/hubs/ZZ-99/history')).statusCode).toBe(404);
  });

  it('exports the whole filtered history as a CSV attachment (UTF-8 with BOM, ";")', async () => {
    const res = await get(`/api/hubs/${HUB}/history?format=csv&kind=booked&limit=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="historico-${HUB}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Data/hora;Tipo;Hub;Locker;ID do locker;Reserva;Autor;Papel;Descrição');
    // limit pages the JSON answer only: the export carries every booking.
    expect(lines).toHaveLength(4);
    const ana1 = lines.find((l) => l.includes(anaReservation.id))!;
    expect(ana1.split(';').slice(0, 8)).toEqual([
      formatDateTimeSeconds(step(1)),
      'Reserva criada',
      HUB,
      '01',
      lockers[0],
      anaReservation.id,
      'Ana Souza',
      'user',
    ]);
    expect(ana1).toMatch(/;Locker 01 \(M\) reservado por Ana Souza para .+ \(R\$ 12,00\)\.$/);
  });
});

describe('the Hub as it was at', () => {
  const asOf = async (instant: Date) => {
    const res = await get(`/api/hubs/${HUB}/as-of?at=${encodeURIComponent(instant.toISOString())}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const bookingsOf = (body: { lockers: { id: string; bookings: unknown[] }[] }, lockerId: string) => body.lockers.find((l) => l.id === lockerId)!.bookings;

  it('before a booking the locker is free; once paid it holds Ana until she finalizes', async () => {
    expect(bookingsOf(await asOf(new Date(step(1).getTime() - 1)), lockers[0]!)).toEqual([]);
    const paid = await asOf(step(2));
    expect(paid.at).toBe(step(2).toISOString());
    expect(paid.hub).toMatchObject({ id: HUB, name: `Hub ${HUB}`, city: 'São Paulo' });
    expect(paid.hub).not.toHaveProperty('secret_key');
    expect(paid.lockers.map((l: { order_number: number; size: string; price_per_hour: number }) => [l.order_number, l.size, l.price_per_hour])).toEqual([
      [1, 'M', 6],
      [2, 'P', 5],
      [3, 'M', 6],
    ]);
    expect(bookingsOf(paid, lockers[0]!)).toEqual([
      { reservation_id: anaReservation.id, user_name: 'Ana Souza', start_time: anaReservation.start_time, end_time: anaReservation.end_time, status: 'active' },
    ]);
    expect(bookingsOf(await asOf(step(3)), lockers[0]!)).toEqual([]);
  });

  it('after the move the locker is inactive and the booking is on its new locker', async () => {
    const moved = await asOf(step(7));
    expect(moved.lockers[0]).toMatchObject({ id: lockers[0], status: 'Inativo', bookings: [] });
    expect(bookingsOf(moved, lockers[2]!)).toEqual([
      expect.objectContaining({ reservation_id: brunoReservation.id, user_name: 'Bruno Lima', status: 'active' }),
    ]);
    expect(bookingsOf(await asOf(step(6)), lockers[0]!)).toEqual([expect.objectContaining({ reservation_id: brunoReservation.id })]);
    expect((await asOf(step(8))).lockers[0].status).toBe('Ativo');
  });

  it('before the Hub existed there is no Hub', async () => {
    expect(await asOf(new Date('2000-01-01T00:00:00Z'))).toEqual({ at: '2000-01-01T00:00:00.000Z', hub: null, lockers: [] });
    const res = await get(`/api/hubs/${HUB}/as-of?at=ontem`);
    expect(res.statusCode).toBe(400);
  });
});

describe('who may read the history', () => {
  it('visitors get 401, renters and logistics 403, on each route', async () => {
    const urls = [
      `/api/lockers/${lockers[0]}/history`,
      `/api/hubs/${HUB}/history`,
      `/api/hubs/${HUB}/as-of?at=${encodeURIComponent(new Date().toISOString())}`,
    ];
    for (const url of urls) {
      const visitor = await t.app.inject({ method: 'GET', url });
      expect(visitor.statusCode, url).toBe(401);
      expect(errorShapeProblem(visitor, 'GET')).toBeNull();
      expect((await get(url, ana)).statusCode, url).toBe(403);
      expect((await get(url, logistics)).statusCode, url).toBe(403);
      expect((await get(url, admin)).statusCode, url).toBe(200);
    }
  });
});
