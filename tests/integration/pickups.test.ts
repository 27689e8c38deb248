// Issue 9 pickups (docs/logistics-api.md): leave → claim → pickup code → complete frees the
// locker; who may do what (roles, Hub assignments); bad input, against real PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from '../../api/controller/controller-signature.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowFromNow, windowStartingNow } from '../support/test-app.js';
import { assignStaff } from '../support/staff.js';

type Account = Awaited<ReturnType<typeof signUp>>;

describe('pickups', () => {
  let t: TestApp;
  let admin: Account;
  let staff: Account;
  let other: Account;
  let renter: Account;
  let stranger: Account;

  const call = (method: 'GET' | 'POST', url: string, who?: Account, payload?: unknown) =>
    t.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });

  /** A paid reservation of the Hub's P locker, in its window (goods go in only then), left for pickup. */
  async function leftItem(hubId: string) {
    const booked = await call('POST', '/api/reservations/by-size', renter, { hub_id: hubId, size: 'P', ...windowStartingNow(1) });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id as string;
    expect((await call('POST', `/api/reservations/${id}/pay`, renter, { method: 'pix' })).statusCode).toBe(200);
    const left = await call('POST', `/api/reservations/${id}/leave-for-pickup`, renter);
    expect(left.statusCode).toBe(200);
    expect(left.json().status).toBe('awaiting_pickup');
    return id;
  }

  beforeAll(async () => {
    t = await startTestApp();
    await registerHub(t.store, 'PK-01', [{ size: 'P' }]);
    await registerHub(t.store, 'PK-02', [{ size: 'P' }, { size: 'P' }]);
    await registerHub(t.store, 'PK-03', [{ size: 'P' }]);
    admin = await signUp(t, 'Chefe', 'admin');
    staff = await signUp(t, 'Lia Logística', 'logistics');
    other = await signUp(t, 'Outro Logístico', 'logistics');
    renter = await signUp(t, 'Rita');
    stranger = await signUp(t, 'Sérgio');
    await assignStaff(t, staff.id, ['PK-01', 'PK-02']);
    await assignStaff(t, other.id, ['PK-02']);
  });
  afterAll(async () => t?.close());

  it('leave → claim → pickup code (opens the door) → complete frees the locker for the same window', async () => {
    const id = await leftItem('PK-01');
    // Left for pickup, the item still holds the only locker.
    const taken = await call('POST', '/api/reservations/by-size', renter, { hub_id: 'PK-01', size: 'P', ...windowStartingNow(1) });
    expect(taken.statusCode).toBe(409);
    const queue = await call('GET', '/api/logistics/collections', staff);
    expect(queue.statusCode).toBe(200);
    expect(queue.json()).toEqual([expect.objectContaining({ reservation_id: id, hub_id: 'PK-01', user_name: 'Rita', claimed_by: null })]);

    const claimed = await call('POST', `/api/logistics/collections/${id}/claim`, staff);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toMatchObject({ reservation_id: id, claimed_by: staff.id, claimed_by_name: 'Lia Logística' });

    const first = await call('POST', '/api/otp/generate/PK-01', staff, {});
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ reservationId: id, lockerOrder: 1, lockerInterface: 'LK-31:01' });
    expect(first.json().otp).toMatch(/^\d{6}$/);
    expect(Date.parse(first.json().expiresAt) - Date.parse(first.json().generatedAt)).toBe(300_000);
    // Generating again replaces the first code.
    const second = await call('POST', '/api/otp/generate/PK-01', staff, { reservation_id: id });
    expect(second.statusCode).toBe(201);
    const { rows } = await t.db.query('SELECT type FROM events WHERE stream_id = $1 ORDER BY seq', [`reservation-${id}`]);
    expect(rows.map((r: { type: string }) => r.type)).toContain('CodeInvalidated');

    // The door controller opens the locker for the live pickup code.
    const path = '/api/otp/validate/PK-01';
    const raw = JSON.stringify({ code: second.json().otp, request_id: randomUUID() });
    const opened = await t.app.inject({ method: 'POST', url: path, headers: signedHeaders('SECRET1234', path, raw, Date.now()), payload: raw });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ reservationId: id, lockerOrder: 1 });

    const done = await call('POST', `/api/logistics/collections/${id}/complete`, staff);
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('completed');
    expect((await call('GET', '/api/logistics/collections', staff)).json()).toEqual([]);
    // The only locker is free again for the very same window.
    const again = await call('POST', '/api/reservations/by-size', renter, { hub_id: 'PK-01', size: 'P', ...windowStartingNow(1) });
    expect(again.statusCode).toBe(201);
    await call('POST', `/api/reservations/${again.json().id}/cancel`, renter);
    // The locker history tells the pickup life in order.
    const kinds = async () =>
      (await t.db.query<{ kind: string }>('SELECT kind FROM rm_locker_history WHERE reservation_id = $1 ORDER BY tx, seq', [id])).rows.map((r) => r.kind);
    await waitUntil(async () => (await kinds()).includes('pickup_completed'));
    // The daily stats forget its window (and give back what was left of it), as for finalize.
    await waitUntil(async () => (await t.db.query('SELECT 1 FROM stats_reservations WHERE id = $1', [id])).rows.length === 0);
    expect(await kinds()).toEqual([
      'booked',
      'code_issued',
      'paid',
      'left_for_pickup',
      'pickup_claimed',
      'pickup_code_issued',
      'code_invalidated',
      'pickup_code_issued',
      'opened',
      'pickup_completed',
    ]);
  });

  it('goods left for pickup keep their locker past the booked end, until collected', async () => {
    const id = await leftItem('PK-03');
    // A window right after the booked end: the schedule is free, but the goods are still there.
    const after = { hub_id: 'PK-03', size: 'P', ...windowFromNow(1, 3) };
    const refused = await call('POST', '/api/reservations/by-size', renter, after);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Não há lockers disponíveis do tamanho P');
    expect((await call('POST', `/api/logistics/collections/${id}/complete`, admin)).statusCode).toBe(200);
    const booked = await call('POST', '/api/reservations/by-size', renter, after);
    expect(booked.statusCode).toBe(201);
    await call('POST', `/api/reservations/${booked.json().id}/cancel`, renter);
  });

  it('logistics users see only their Hubs; admins every Hub; others are refused', async () => {
    const mine = await call('GET', '/api/logistics/hubs', other);
    expect(mine.json()).toEqual([expect.objectContaining({ id: 'PK-02', locker_count: 2, active_count: 2 })]);
    const all: { id: string }[] = (await call('GET', '/api/logistics/hubs', admin)).json();
    expect(all.map((h) => h.id)).toEqual(expect.arrayContaining(['PK-01', 'PK-02']));
    expect((await call('GET', '/api/logistics/hubs/PK-01', other)).statusCode).toBe(403);
    const detail = await call('GET', '/api/logistics/hubs/PK-02', other);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().counters).toMatchObject({ lockers: 2, active_lockers: 2, inactive_lockers: 0 });
    expect((await call('GET', '/api/logistics/hubs', renter)).statusCode).toBe(403);
    expect((await call('GET', '/api/logistics/collections')).statusCode).toBe(401);
    const nope = await call('POST', '/api/otp/generate/PK-01', other, {});
    expect(nope.statusCode).toBe(403);
    expect(nope.json().error.message).toBe('Você não atende este Hub.');
  });

  it('a claimed item: a second claimer gets 409 naming the holder; only the claimer (or an admin) completes', async () => {
    const id = await leftItem('PK-02');
    expect((await call('POST', `/api/logistics/collections/${id}/claim`, staff)).statusCode).toBe(200);
    const lost = await call('POST', `/api/logistics/collections/${id}/claim`, other);
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toEqual({ error: { code: 'already_claimed', message: 'Esta coleta já foi assumida por Lia Logística.' } });
    const notMine = await call('POST', `/api/logistics/collections/${id}/complete`, other);
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error.code).toBe('not_claimer');
    const other409 = await call('POST', '/api/otp/generate/PK-02', other, { reservation_id: id });
    expect(other409.statusCode).toBe(409);
    const byAdmin = await call('POST', `/api/logistics/collections/${id}/complete`, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().status).toBe('completed');
  });

  it('leave-for-pickup: only the owner or an admin, only an active reservation', async () => {
    const booked = await call('POST', '/api/reservations/by-size', renter, { hub_id: 'PK-02', size: 'P', ...windowStartingNow(1) });
    const id = booked.json().id as string;
    const unpaid = await call('POST', `/api/reservations/${id}/leave-for-pickup`, renter);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().error.message).toBe('Somente uma reserva ativa pode ser deixada para coleta.');
    expect((await call('POST', `/api/reservations/${id}/leave-for-pickup`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/api/reservations/${id}/leave-for-pickup`)).statusCode).toBe(401);
    expect((await call('POST', `/api/reservations/${id}/pay`, renter, { method: 'pix' })).statusCode).toBe(200);
    expect((await call('POST', `/api/reservations/${id}/leave-for-pickup`, admin)).json().status).toBe('awaiting_pickup');
    // Not claimable before it is left; unknown ids; bad ids.
    expect((await call('POST', `/api/logistics/collections/${randomUUID()}/claim`, staff)).statusCode).toBe(404);
    const bad = await call('POST', '/api/logistics/collections/not-a-uuid/claim', staff);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('ID da coleta inválido.');
    expect((await call('POST', '/api/otp/generate/PK-02', staff, { reservation_id: 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/api/otp/generate/NOPE-9', admin, {})).statusCode).toBe(404);
    const none = await call('POST', '/api/otp/generate/PK-01', staff, {});
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('Nenhuma coleta pendente neste Hub.');
  });

  it('the demo seed assigns logistica@hub.dev to every demo Hub, once', async () => {
    const { seedDemoData } = await import('../../api/seed/seed.js');
    const { demoHubs } = await import('../../api/seed/demo-data.js');
    await seedDemoData(t.db, t.store);
    await seedDemoData(t.db, t.store);
    // Assignments are events now (issue 26): one StaffHubsAssigned, and hub_staff once projected.
    const assigned = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events e JOIN users u ON e.stream_id = 'staff-hubs-' || u.id WHERE u.email = 'logistica@hub.dev'`,
    );
    expect(assigned.rows[0]!.n).toBe(1);
    const staffHubs = async () =>
      (
        await t.db.query<{ hub_id: string }>(
          `SELECT s.hub_id FROM hub_staff s JOIN users u ON u.id = s.user_id WHERE u.email = 'logistica@hub.dev' ORDER BY s.hub_id`,
        )
      ).rows.map((r) => r.hub_id);
    await waitUntil(async () => (await staffHubs()).length === demoHubs.length);
    expect(await staffHubs()).toEqual(demoHubs.map((h) => h.id).sort());
  });
});
