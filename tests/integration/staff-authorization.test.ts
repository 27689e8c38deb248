// Issue 26 items 7–8 (docs/adr/0020): walks the staff-assignment routes and every logistics route
// as the issue 26 cast (tests/support/role-cast.ts): a visitor, a renter, a renter granted a
// private Hub (a renter here), logistics assigned to the Hub, logistics not assigned, maintenance
// (assigned), a partner and an admin. Whoever may not gets JSON 401 (no valid token) or 403;
// maintenance reads its own Hubs without renters' names and acts on nothing; a partner signs in
// as a renter and reaches nothing of staff.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorShapeProblem } from '../support/error-shape.js';
import { assignStaff } from '../support/staff.js';
import { CALLERS, castRoles, type Caller } from '../support/role-cast.js';
import { registerHub, signUp, startTestApp, windowFromNow, type TestApp } from '../support/test-app.js';

interface Walk {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  allowed: Caller[];
  payload?: () => object;
}

const HUB = 'ST-01';
const OTHER = 'ST-02';
let t: TestApp;
let lockers: string[];
let otherLockers: string[];
let ids: Record<Caller, string>;
let spare: string;
let privateHub: string;
let headers: Record<Caller, Record<string, string>>;

const admins: Caller[] = ['admin'];
const readers: Caller[] = ['logisticsAssigned', 'logistics', 'maintenance', 'admin'];
const workers: Caller[] = ['logisticsAssigned', 'logistics', 'admin'];

const walks: Walk[] = [
  // Staff assignments.
  { method: 'GET', url: () => `/api/operators/${ids.logisticsAssigned}/hubs`, allowed: ['logisticsAssigned', 'admin'] },
  { method: 'GET', url: () => `/api/operators/${ids.maintenance}/hubs`, allowed: ['maintenance', 'admin'] },
  { method: 'PUT', url: () => `/api/operators/${spare}/hubs`, allowed: admins, payload: () => ({ hub_ids: [OTHER] }) },
  { method: 'GET', url: () => `/api/hubs/${HUB}/staff`, allowed: admins },
  { method: 'PUT', url: () => `/api/hubs/${OTHER}/staff/${spare}`, allowed: admins },
  { method: 'DELETE', url: () => `/api/hubs/${OTHER}/staff/${spare}`, allowed: admins },
  // Logistics reads: maintenance reads its Hubs; a Hub not assigned is refused.
  { method: 'GET', url: () => '/api/logistics/hubs', allowed: readers },
  { method: 'GET', url: () => `/api/logistics/hubs/${HUB}`, allowed: ['logisticsAssigned', 'maintenance', 'admin'] },
  { method: 'GET', url: () => `/api/logistics/hubs/${OTHER}`, allowed: admins },
  { method: 'GET', url: () => `/api/hubs/${HUB}/lockers`, allowed: readers },
  { method: 'GET', url: () => `/api/hubs/${OTHER}/lockers`, allowed: workers },
  { method: 'GET', url: () => `/api/lockers/${lockers[0]}`, allowed: readers },
  { method: 'GET', url: () => `/api/lockers/${otherLockers[0]}`, allowed: workers },
  // The pickup queue names renters; acting on pickups and doors is logistics' (never maintenance).
  { method: 'GET', url: () => '/api/logistics/collections', allowed: workers },
  { method: 'POST', url: () => `/api/logistics/collections/${randomUUID()}/claim`, allowed: workers },
  { method: 'POST', url: () => `/api/logistics/collections/${randomUUID()}/complete`, allowed: workers },
  { method: 'POST', url: () => `/api/otp/generate/${HUB}`, allowed: ['logisticsAssigned', 'admin'], payload: () => ({}) },
  { method: 'POST', url: () => `/api/terminal/${HUB}/press`, allowed: ['logisticsAssigned', 'admin'], payload: () => ({ code: '000000' }) },
  // Issue 29: doors' states and controllers, for the staff of the Hub (maintenance reads too).
  { method: 'GET', url: () => `/api/hubs/${HUB}/doors`, allowed: ['logisticsAssigned', 'maintenance', 'admin'] },
  { method: 'GET', url: () => `/api/hubs/${OTHER}/doors`, allowed: admins },
  { method: 'GET', url: () => '/api/controllers', allowed: readers },
  // Issue 29 alerts: maintenance reads its Hubs' alerts; acting on them is logistics' (404 here: no such alert).
  { method: 'GET', url: () => '/api/alerts', allowed: readers },
  { method: 'POST', url: () => `/api/alerts/${randomUUID()}/ack`, allowed: workers },
  { method: 'POST', url: () => `/api/alerts/${randomUUID()}/resolve`, allowed: workers, payload: () => ({ note: 'ok' }) },
  // The admin's screens stay the admins'.
  { method: 'GET', url: () => `/api/hubs/${HUB}/history`, allowed: admins },
  { method: 'GET', url: () => '/api/dashboard/summary', allowed: admins },
];

/** A refusal of who is calling (not of what they asked): 401 unauthorized or 403 forbidden. */
const refusedCaller = (status: number, code: unknown) => (status === 401 && code === 'unauthorized') || (status === 403 && code === 'forbidden');

beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  lockers = await registerHub(t.store, HUB, [{ size: 'P' }, { size: 'M' }]);
  otherLockers = await registerHub(t.store, OTHER, [{ size: 'P' }]);
  // The cast's logistics works HUB; its private Hub (for the granted renter) is a third Hub.
  ({ ids, headers, privateHub } = await castRoles(t, { privateHub: 'ST-03', assignedHubs: [HUB] }));
  spare = (await signUp(t, 'Reserva', 'logistics')).id;
  await assignStaff(t, ids.maintenance, [HUB]);
  // A booking, so the staff's Hub detail has a renter in it.
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/reservations/by-size',
    headers: headers.renter,
    payload: { hub_id: HUB, size: 'P', ...windowFromNow(2) },
  });
  expect(booked.statusCode).toBe(201);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('who may reach staff assignments and the logistics routes', () => {
  for (const walk of walks) {
    it(`${walk.method} ${walk.url.toString().replace(/^\(\) => /, '')}: only ${walk.allowed.join(', ')}`, async () => {
      for (const caller of CALLERS) {
        const payload = walk.payload?.();
        const res = await t.app.inject({ method: walk.method, url: walk.url(), headers: headers[caller], ...(payload ? { payload } : {}) });
        const where = `${walk.method} ${walk.url()} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        const code = res.headers['content-type']?.toString().includes('json') ? res.json<{ error?: { code?: string } }>().error?.code : undefined;
        if (walk.allowed.includes(caller)) {
          expect(refusedCaller(res.statusCode, code), where).toBe(false);
          expect(res.statusCode, where).toBeLessThan(500);
        } else {
          expect(res.statusCode, where).toBe(caller === 'visitor' ? 401 : 403);
          expect(code, where).toBe(caller === 'visitor' ? 'unauthorized' : 'forbidden');
          expect(errorShapeProblem(res, walk.method), where).toBeNull();
        }
      }
    });
  }

  it("maintenance reads its Hub's reservations without the renters' names; logistics sees them", async () => {
    const asMaintenance = await t.app.inject({ method: 'GET', url: `/api/logistics/hubs/${HUB}`, headers: headers.maintenance });
    const asLogistics = await t.app.inject({ method: 'GET', url: `/api/logistics/hubs/${HUB}`, headers: headers.logisticsAssigned });
    expect(asMaintenance.statusCode).toBe(200);
    expect(asMaintenance.json().reservations).toHaveLength(1);
    expect(asMaintenance.json().reservations[0].user_name).toBeNull();
    expect(asMaintenance.body).not.toContain('Renata');
    expect(asLogistics.json().reservations[0].user_name).toBe('Renata');
  });

  it('lists only the assigned Hubs: none for logistics not assigned, its own for maintenance', async () => {
    const list = async (caller: Caller) =>
      (await t.app.inject({ method: 'GET', url: '/api/logistics/hubs', headers: headers[caller] })).json<{ id: string }[]>().map((h) => h.id);
    expect(await list('logistics')).toEqual([]);
    expect(await list('logisticsAssigned')).toEqual([HUB]);
    expect(await list('maintenance')).toEqual([HUB]);
    expect((await list('admin')).sort()).toEqual([HUB, OTHER, privateHub].sort());
  });
});
