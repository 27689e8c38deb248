// A code opens a locker only inside its reservation's own window (issue 24 item 1), against real
// PostgreSQL: the report reproduced (one Hub, one G locker, renter A in it now, renter B paid for
// later on the same locker), and a pickup left before its window.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from '../../api/controller/controller-signature.js';
import { hashAccessCode } from '../../commands/access-code.js';
import { hashPickupCodeForDoor } from '../../commands/door-code-hashes.js';
import { createInProcessQueue } from '../../infra/queue/in-process.js';
import { startCodeRotation, startRotation, stopRotation } from '../../workers/code-rotation.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;
const CODE_SECRET = 'door-window-test-code-secret-0123456789';
const HOUR = 3_600_000;

/** 'dd/MM/yyyy HH:mm' in São Paulo, written here independently of the server's formatter. */
function saoPaulo(ms: number): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  for (const part of format.formatToParts(new Date(ms))) parts[part.type] = part.value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

describe('issue 24 item 1: a code opens a locker only inside its reservation window', () => {
  let t: TestApp;
  let admin: Account;
  let renterA: Account;
  let renterB: Account;
  let renterC: Account;
  let renterD: Account;
  // Windows start on the minute the suite began, as the booking form's "now" slot does.
  const start = Math.floor(Date.now() / 60_000) * 60_000;

  const call = (method: 'GET' | 'POST', url: string, who: Account, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  async function bookAndPay(who: Account, hubId: string, size: string, fromMs: number, toMs: number) {
    const booked = await call('POST', '/api/reservations/by-size', who, {
      hub_id: hubId,
      size,
      start_time: new Date(fromMs).toISOString(),
      end_time: new Date(toMs).toISOString(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const paid = await call('POST', `/api/reservations/${booked.json().id}/pay`, who, { method: 'pix' });
    expect(paid.statusCode, paid.body).toBe(200);
    return booked.json<{ id: string; access_code?: string | null; locker: { id: string; order_number: number } }>();
  }

  /** The Hub's door controller asking, signed with the Hub's key at the app's clock. */
  function doorCheck(hubId: string, code: string) {
    const path = `/api/otp/validate/${hubId}`;
    const raw = JSON.stringify({ code, request_id: randomUUID() });
    return t.app.inject({ method: 'POST', url: path, headers: signedHeaders('SECRET1234', path, raw, t.clock.read().getTime()), payload: raw });
  }

  /** Appends events to a reservation's stream directly: what a path that skipped the rule would leave. */
  async function writeDirectly(reservationId: string, events: { type: string; data: Record<string, unknown> }[]) {
    const stream = `reservation-${reservationId}`;
    const version = (await t.store.readStream(stream)).length;
    const meta = { actor: { id: 'test', role: 'system' }, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() };
    await t.store.append(
      stream,
      events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: meta })),
      version,
    );
  }

  beforeAll(async () => {
    t = await startTestApp({ codeSecret: CODE_SECRET });
    await registerHub(t.store, 'DW-01', [{ size: 'G' }]);
    await registerHub(t.store, 'DW-02', [{ size: 'P' }]);
    await registerHub(t.store, 'DW-03', [{ size: 'P' }]);
    await registerHub(t.store, 'DW-04', [{ size: 'P' }]);
    admin = await signUp(t, 'Chefe', 'admin');
    [renterA, renterB, renterC, renterD] = [await signUp(t, 'Ana'), await signUp(t, 'Bruno'), await signUp(t, 'Carla'), await signUp(t, 'Davi')];
  });
  afterAll(async () => t?.close());

  it("renter B, paid for +3 h → +4 h on the locker renter A holds now, gets no code before B's start, and no code of B opens locker 1 during A's rental", async () => {
    const a = await bookAndPay(renterA, 'DW-01', 'G', start, start + 2 * HOUR);
    const b = await bookAndPay(renterB, 'DW-01', 'G', start + 3 * HOUR, start + 4 * HOUR);
    expect(b.locker.id).toBe(a.locker.id);
    expect(a.access_code).toMatch(/^\d{6}$/); // A's window has begun: the booking gave a code

    // Asked early, both ways, B is told when the code becomes available.
    const notYet = { code: 'code_not_yet_available', message: `O código de acesso estará disponível a partir de ${saoPaulo(start + 3 * HOUR)}.` };
    const got = await call('GET', `/api/reservations/${b.id}/access-code`, renterB);
    expect(got.statusCode, got.body).toBe(409);
    expect(got.json().error).toMatchObject(notYet);
    const posted = await call('POST', `/api/reservations/${b.id}/access-code`, renterB);
    expect(posted.statusCode, posted.body).toBe(409);
    expect(posted.json().error).toMatchObject(notYet);
    // The booking made no code for a window that had not begun.
    expect(b.access_code ?? null).toBeNull();

    // A code on B's stream however it got there (a path that skipped the rule) does not open.
    await writeDirectly(b.id, [
      {
        type: 'AccessCodeIssued',
        data: {
          reservationId: b.id,
          codeHash: hashAccessCode(CODE_SECRET, b.id, '424242'),
          issuedAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 300_000).toISOString(),
        },
      },
    ]);
    await waitUntil(async () => (await t.db.query('SELECT 1 FROM rm_reservations WHERE id = $1 AND code_expires_at > now()', [b.id])).rows.length > 0);
    const refused = await doorCheck('DW-01', '424242');
    expect(refused.statusCode, refused.body).toBe(403);
    // The terminal goes through the same door check.
    const pressed = await call('POST', '/api/terminal/DW-01/press', admin, { code: '424242' });
    expect(pressed.statusCode, pressed.body).toBe(403);
    // A, inside A's window, still opens locker 1.
    const byA = await doorCheck('DW-01', a.access_code!);
    expect(byA.statusCode, byA.body).toBe(200);
    expect(byA.json()).toMatchObject({ lockerOrder: 1, reservationId: a.id });

    // From B's start, B's code is given and opens.
    t.clock.now = new Date(start + 3 * HOUR + 60_000);
    try {
      const current = await call('GET', `/api/reservations/${b.id}/access-code`, renterB);
      expect(current.statusCode, current.body).toBe(200);
      const opened = await doorCheck('DW-01', current.json().code);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json()).toMatchObject({ lockerOrder: 1, reservationId: b.id });
    } finally {
      t.clock.now = null;
    }
  });

  it('the rotation job issues no code before the window, and rotates from its start', async () => {
    const d = await bookAndPay(renterD, 'DW-04', 'P', start + 5 * HOUR, start + 6 * HOUR);
    const stream = `reservation-${d.id}`;
    let ticks = 0; // reads of the reservation: each tick reads it first
    const store = new Proxy(t.store, {
      get(target, prop, receiver) {
        if (prop === 'readStream') return (id: string, from?: number) => ((ticks += id === stream ? 1 : 0), target.readStream(id, from));
        const value: unknown = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const issued = async () => (await t.store.readStream(stream)).filter((e) => e.type === 'AccessCodeIssued').length;
    const clock = { now: new Date() };
    const queue = createInProcessQueue();
    startCodeRotation({ store, queue, codeSecret: CODE_SECRET, clock: () => clock.now });
    try {
      await startRotation(queue, d.id, 50);
      await waitUntil(async () => ticks >= 3);
      expect(await issued()).toBe(0);
      clock.now = new Date(start + 5 * HOUR + 60_000);
      await waitUntil(async () => (await issued()) >= 2);
    } finally {
      await stopRotation(queue, d.id);
      await queue.close();
    }
  });

  it('goods cannot be left for pickup before the window, and no pickup code is issued or opens before it', async () => {
    const c = await bookAndPay(renterC, 'DW-02', 'P', start + 10 * HOUR, start + 11 * HOUR);
    const left = await call('POST', `/api/reservations/${c.id}/leave-for-pickup`, renterC);
    expect(left.statusCode, left.body).toBe(409);
    expect(left.json().error).toMatchObject({
      code: 'reservation_not_started',
      message: `Os itens só podem ser deixados para coleta a partir de ${saoPaulo(start + 10 * HOUR)}, quando a reserva começa.`,
    });

    // Goods left early by a path that skipped the rule (or before it existed): no pickup code yet...
    const now = new Date().toISOString();
    await writeDirectly(c.id, [
      { type: 'LeftForPickup', data: { reservationId: c.id, at: now } },
      { type: 'PickupClaimed', data: { reservationId: c.id, userId: admin.id, at: now } },
    ]);
    await waitUntil(async () => (await t.db.query("SELECT 1 FROM rm_reservations WHERE id = $1 AND status = 'awaiting_pickup'", [c.id])).rows.length > 0);
    const early = await call('POST', '/api/otp/generate/DW-02', admin, { reservation_id: c.id });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error).toMatchObject({
      code: 'code_not_yet_available',
      message: `O código de coleta estará disponível a partir de ${saoPaulo(start + 10 * HOUR)}.`,
    });
    // ...and a pickup code on its stream does not open.
    await writeDirectly(c.id, [
      {
        type: 'PickupCodeIssued',
        data: {
          reservationId: c.id,
          userId: admin.id,
          codeHash: hashPickupCodeForDoor(CODE_SECRET, c.id, '515151'),
          issuedAt: now,
          expiresAt: new Date(Date.now() + 300_000).toISOString(),
        },
      },
    ]);
    const refused = await doorCheck('DW-02', '515151');
    expect(refused.statusCode, refused.body).toBe(403);

    // From the window's start the pickup code is issued and opens, and keeps opening past the end.
    t.clock.now = new Date(start + 10 * HOUR + 60_000);
    try {
      const issued = await call('POST', '/api/otp/generate/DW-02', admin, { reservation_id: c.id });
      expect(issued.statusCode, issued.body).toBe(201);
      const opened = await doorCheck('DW-02', issued.json().otp);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json()).toMatchObject({ reservationId: c.id, lockerOrder: 1 });
      t.clock.now = new Date(start + 11 * HOUR + 60_000);
      const late = await call('POST', '/api/otp/generate/DW-02', admin, { reservation_id: c.id });
      expect(late.statusCode, late.body).toBe(201);
      expect((await doorCheck('DW-02', late.json().otp)).statusCode).toBe(200);
    } finally {
      t.clock.now = null;
    }
  });
});

describe('issue 24 item 22: both access-code calls answer in one shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await registerHub(t.store, 'AC-01', [{ size: 'P' }]);
  });
  afterAll(async () => t?.close());

  it('GET (the current code) and POST (a fresh code) both answer { code, expiresAt, expiresIn, reservationId }', async () => {
    const renter = await signUp(t, 'Dora');
    const start = Math.floor(Date.now() / 60_000) * 60_000;
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/reservations/by-size',
      headers: renter.headers,
      payload: { hub_id: 'AC-01', size: 'P', start_time: new Date(start).toISOString(), end_time: new Date(start + HOUR).toISOString() },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as string;
    expect((await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/pay`, headers: renter.headers, payload: { method: 'pix' } })).statusCode).toBe(
      200,
    );
    const got = await t.app.inject({ method: 'GET', url: `/api/reservations/${id}/access-code`, headers: renter.headers });
    const posted = await t.app.inject({ method: 'POST', url: `/api/reservations/${id}/access-code`, headers: renter.headers });
    expect(got.statusCode, got.body).toBe(200);
    expect(posted.statusCode, posted.body).toBe(200);
    const keys = ['code', 'expiresAt', 'expiresIn', 'reservationId'];
    expect(Object.keys(got.json()).sort()).toEqual(keys);
    expect(Object.keys(posted.json()).sort()).toEqual(keys);
    for (const answer of [got.json(), posted.json()]) {
      expect(answer).toMatchObject({ code: expect.stringMatching(/^\d{6}$/), reservationId: id });
      expect(answer.expiresIn).toBeGreaterThan(280);
      expect(answer.expiresIn).toBeLessThanOrEqual(300);
      expect(Date.parse(answer.expiresAt)).toBeGreaterThan(Date.now());
    }
  });
});
