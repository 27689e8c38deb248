// Issue 26 item 7: an admin assigns Hubs to staff through the API, and every staff path follows at
// once (no restart, no re-login): the logistics Hubs, the pickup queue, pickup codes and the
// terminal. Assignments leave with the role, the account and the Hub; the Hub's audit trail says
// so; a rebuild gives the same tables; rows from before migration 0029 are adopted as events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptLegacyStaff } from '../../api/staff/adopt-legacy-staff.js';
import { START } from '../../infra/eventstore/port.js';
import { projectorNames } from '../../projections/all.js';
import { lockerHistoryProjector } from '../../projections/history/locker-history-projector.js';
import { waitForProjections } from '../../projections/projection-waits.js';
import { rebuild } from '../../projections/runner.js';
import { staffProjector } from '../../projections/staff/staff-projector.js';
import { snapshotReadModels } from '../support/read-models.js';
import type { TestApp } from '../support/test-app.js';
import { registerHub, signUp, startTestApp, waitUntil, windowStartingNow } from '../support/test-app.js';

type Account = Awaited<ReturnType<typeof signUp>>;

describe('staff Hub assignments', () => {
  let t: TestApp;
  let admin: Account;
  let operator: Account;
  let renter: Account;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Account, payload?: unknown) =>
    t.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload === undefined ? {} : { payload: payload as object }) });
  const setHubs = (userId: string, hubIds: string[]) => call('PUT', `/api/operators/${userId}/hubs`, admin, { hub_ids: hubIds });
  const staffEvents = async (userId: string) =>
    (
      await t.db.query<{ data: { hubIds: string[]; reason: string } }>(`SELECT data FROM events WHERE stream_id = $1 ORDER BY stream_version`, [
        `staff-hubs-${userId}`,
      ])
    ).rows.map((r) => r.data);

  beforeAll(async () => {
    t = await startTestApp();
    await registerHub(t.store, 'SA-01', [{ size: 'P' }], { name: 'Hub Assis' });
    await registerHub(t.store, 'SA-02', [{ size: 'P' }], { name: 'Hub Sabará' });
    await waitUntil(async () => (await t.db.query(`SELECT 1 FROM rm_hubs WHERE id IN ('SA-01', 'SA-02')`)).rowCount === 2);
    admin = await signUp(t, 'Chefe', 'admin');
    operator = await signUp(t, 'Olga Operadora', 'logistics');
    renter = await signUp(t, 'Rita');
    // An item waiting for pickup at SA-01.
    const booked = await call('POST', '/api/reservations/by-size', renter, { hub_id: 'SA-01', size: 'P', ...windowStartingNow(1) });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id as string;
    expect((await call('POST', `/api/reservations/${id}/pay`, renter, { method: 'pix' })).statusCode).toBe(200);
    expect((await call('POST', `/api/reservations/${id}/leave-for-pickup`, renter)).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it('an assignment counts at once for the Hubs, the pickup queue, pickup codes and the terminal; its removal too', async () => {
    // Before: nothing of SA-01 for the operator.
    expect((await call('GET', '/api/logistics/hubs', operator)).json()).toEqual([]);
    expect((await call('POST', '/api/otp/generate/SA-01', operator, {})).statusCode).toBe(403);

    const assigned = await setHubs(operator.id, ['sa-01']);
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toEqual([{ id: 'SA-01', name: 'Hub Assis', city: expect.any(String), assigned_at: expect.any(String) }]);
    // The very next requests, with the same token (no re-login).
    expect((await call('GET', '/api/logistics/hubs', operator)).json().map((h: { id: string }) => h.id)).toEqual(['SA-01']);
    expect((await call('GET', '/api/logistics/hubs/SA-01', operator)).statusCode).toBe(200);
    expect((await call('GET', '/api/logistics/collections', operator)).json().map((c: { hub_id: string }) => c.hub_id)).toEqual(['SA-01']);
    const code = await call('POST', '/api/otp/generate/SA-01', operator, {});
    expect(code.statusCode).toBe(201);
    const press = await call('POST', '/api/terminal/SA-01/press', operator, { code: '000000' });
    expect(press.json().error?.code).not.toBe('forbidden');

    const cleared = await setHubs(operator.id, []);
    expect(cleared.json()).toEqual([]);
    expect((await call('GET', '/api/logistics/hubs', operator)).json()).toEqual([]);
    expect((await call('GET', '/api/logistics/hubs/SA-01', operator)).statusCode).toBe(403);
    expect((await call('GET', '/api/logistics/collections', operator)).json()).toEqual([]);
    expect((await call('POST', '/api/otp/generate/SA-01', operator, {})).statusCode).toBe(403);
    const refused = await call('POST', '/api/terminal/SA-01/press', operator, { code: '000000' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'forbidden', message: 'Você não atende este Hub.' });
  });

  it('an unchanged set appends nothing; a renter, an unknown Hub or operator are refused in pt-BR', async () => {
    await setHubs(operator.id, ['SA-01', 'SA-02']);
    const before = (await staffEvents(operator.id)).length;
    expect((await setHubs(operator.id, ['SA-02', 'SA-01', 'SA-02'])).statusCode).toBe(200);
    expect(await staffEvents(operator.id)).toHaveLength(before);

    const toRenter = await setHubs(renter.id, ['SA-01']);
    expect(toRenter.statusCode).toBe(400);
    expect(toRenter.json().error).toEqual({ code: 'not_staff', message: 'Apenas operadores de logística ou manutenção podem atender Hubs.' });
    const unknown = await setHubs(operator.id, ['SA-01', 'ZZ-99']);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'hub_not_found', message: 'Hub ZZ-99 não encontrado.' });
    const nobody = await setHubs('00000000-0000-4000-8000-000000000000', ['SA-01']);
    expect(nobody.json().error).toEqual({ code: 'not_found', message: 'Operador não encontrado.' });
  });

  it("the Hub's page adds and removes one operator; the operator reads their own Hubs, not another's", async () => {
    await setHubs(operator.id, []);
    const added = await call('PUT', `/api/hubs/SA-02/staff/${operator.id}`, admin);
    expect(added.json()).toEqual([{ id: operator.id, name: 'Olga Operadora', email: expect.any(String), role: 'logistics', assigned_at: expect.any(String) }]);
    expect((await call('GET', `/api/operators/${operator.id}/hubs`, operator)).json().map((h: { id: string }) => h.id)).toEqual(['SA-02']);
    expect((await call('GET', `/api/operators/${admin.id}/hubs`, operator)).statusCode).toBe(403);
    expect((await call('GET', '/api/hubs/SA-02/staff', admin)).json()).toHaveLength(1);
    expect((await call('DELETE', `/api/hubs/SA-02/staff/${operator.id}`, admin)).json()).toEqual([]);
    expect((await call('GET', '/api/logistics/hubs', operator)).json()).toEqual([]);
  });

  it("a role change away from staff clears the account's Hubs with an event; so does erasure", async () => {
    const leaving = await signUp(t, 'Davi Demitido', 'logistics');
    await setHubs(leaving.id, ['SA-01']);
    expect((await call('PUT', `/api/users/${leaving.id}`, admin, { role: 'user' })).statusCode).toBe(200);
    expect((await call('GET', `/api/operators/${leaving.id}/hubs`, admin)).json()).toEqual([]);
    expect((await staffEvents(leaving.id)).at(-1)).toMatchObject({ hubIds: [], reason: 'role_changed' });

    const erased = await signUp(t, 'Eva Excluída', 'maintenance');
    await setHubs(erased.id, ['SA-02']);
    expect((await call('DELETE', `/api/users/${erased.id}`, admin)).statusCode).toBe(204);
    expect((await staffEvents(erased.id)).at(-1)).toMatchObject({ hubIds: [], reason: 'account_erased' });
    await waitUntil(async () => (await t.db.query('SELECT 1 FROM hub_staff WHERE user_id = $1', [erased.id])).rowCount === 0);
  });

  it("the Operators screen's role change and removal clear the operator's Hubs too", async () => {
    const moved = await signUp(t, 'Fabi Promovida', 'logistics');
    await setHubs(moved.id, ['SA-01']);
    expect((await call('PUT', `/api/operators/${moved.id}`, admin, { role: 'admin' })).statusCode).toBe(200);
    expect((await call('GET', `/api/operators/${moved.id}/hubs`, admin)).json()).toEqual([]);
    expect((await staffEvents(moved.id)).at(-1)).toMatchObject({ hubIds: [], reason: 'role_changed' });

    const kept = await signUp(t, 'Gil Mantido', 'maintenance');
    await setHubs(kept.id, ['SA-02']);
    // Maintenance to logistics: both hold Hubs, so the set stays.
    expect((await call('PUT', `/api/operators/${kept.id}`, admin, { role: 'logistics' })).statusCode).toBe(200);
    expect((await call('GET', `/api/operators/${kept.id}/hubs`, admin)).json()).toMatchObject([{ id: 'SA-02' }]);
    expect((await call('DELETE', `/api/operators/${kept.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/operators/${kept.id}/hubs`, admin)).json()).toEqual([]);
    expect((await staffEvents(kept.id)).at(-1)).toMatchObject({ hubIds: [], reason: 'role_changed' });
  });

  it("a removed Hub leaves every operator's set; the Hub's history tells each change", async () => {
    await registerHub(t.store, 'SA-03', [], { name: 'Hub Temporário' });
    // Registered straight through the store: the admin's own Hub write would wait for its projection.
    await waitUntil(async () => (await call('GET', '/api/hubs/SA-03/staff', admin)).statusCode === 200);
    expect((await setHubs(operator.id, ['SA-01', 'SA-03'])).statusCode).toBe(200);
    expect((await call('DELETE', '/api/hubs/SA-03', admin)).statusCode).toBeLessThan(300);
    await waitUntil(async () => (await call('GET', `/api/operators/${operator.id}/hubs`, admin)).json().length === 1);
    // The set no longer counts SA-03: a new set without it writes nothing more about it.
    expect((await setHubs(operator.id, ['SA-01'])).json().map((h: { id: string }) => h.id)).toEqual(['SA-01']);

    const history = (await call('GET', '/api/hubs/SA-01/history', admin)).json().items as { kind: string; sentence: string }[];
    const staffEntries = history.filter((e) => e.kind.startsWith('staff_')).map((e) => e.sentence);
    expect(staffEntries).toContain('Olga Operadora entrou na equipe do Hub SA-01, por Chefe.');
    expect(staffEntries).toContain('Olga Operadora saiu da equipe do Hub SA-01, por Chefe.');
    const leftHistory = (await call('GET', '/api/hubs/SA-01/history?kinds=staff_unassigned', admin)).json().items as { sentence: string }[];
    expect(leftHistory.map((e) => e.sentence)).toContain('Davi Demitido saiu da equipe do Hub SA-01 (deixou de ser operador).');
  });

  it('rows from before migration 0029 become events once, and a rebuild gives back hub_staff and the history exactly', async () => {
    const old = await signUp(t, 'Antigo Logístico', 'logistics');
    await t.db.query(`INSERT INTO hub_staff_legacy (user_id, hub_id) VALUES ($1, 'SA-02'), ($1, 'GONE-1')`, [old.id]);
    await adoptLegacyStaff({ db: t.db, store: t.store, clock: () => new Date(), log: { warn: () => undefined } });
    await adoptLegacyStaff({ db: t.db, store: t.store, clock: () => new Date(), log: { warn: () => undefined } });
    expect(await staffEvents(old.id)).toEqual([expect.objectContaining({ hubIds: ['SA-02'], reason: 'assigned' })]);
    expect((await t.db.query('SELECT count(*)::int AS n FROM hub_staff_legacy')).rows[0].n).toBe(0);

    const head = (await t.store.readAll({ after: START, limit: 100_000 })).at(-1)!;
    expect(await waitForProjections(t.db, projectorNames, head.position, 10_000)).toBe(true);
    const before = await snapshotReadModels(t.db, [staffProjector, lockerHistoryProjector]);
    expect(before.hub_staff!.length).toBeGreaterThan(0);
    await rebuild(t.db, t.store, staffProjector);
    await rebuild(t.db, t.store, lockerHistoryProjector);
    expect(await snapshotReadModels(t.db, [staffProjector, lockerHistoryProjector])).toEqual(before);
  });
});
