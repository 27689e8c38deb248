// Access grants across two real `start:api` processes (and a projection process) on one
// PostgreSQL and Redis (issue 26): a grant approved through process A opens the private Hub's
// detail, my-hubs and the booking on process B at once; a revocation through B closes it on A.
// Nothing process-local decides: the booking reads the grant's stream, the reads rm_hub_access,
// and each write answers after the projections include it.
import { describe, expect, it } from 'vitest';
import { registerHub, windowFromNow } from '../support/test-app.js';
import { callApi as call, signInAs, useTwoApiProcesses } from '../support/two-api-processes.js';

const apis = useTwoApiProcesses('access', async (store) => {
  await registerHub(store, 'RP-01', [{ size: 'P' }, { size: 'P' }], { private: true });
  await registerHub(store, 'RP-02', [{ size: 'P' }]);
});
const signIn = (role: 'user' | 'admin') => signInAs(apis, role, role === 'admin' ? 'Ada Admin' : 'Rita Renter');

describe('access grants across API replicas', () => {
  it('a grant made through one process opens the Hub in the other; a revocation closes it', async () => {
    const renter = await signIn('user');
    const admin = await signIn('admin');
    const lockersOn = async (base: string) => ((await call(base, 'GET', '/api/hubs/RP-01', renter.token)).body.lockers as unknown[]).length;
    expect(await lockersOn(apis.b)).toBe(0);

    expect((await call(apis.a, 'POST', '/api/user-hub-access/request', renter.token, { hubId: 'RP-01' })).body.status).toBe('pending');
    // The queue on B shows the request A took.
    const queue = (await call(apis.b, 'GET', '/api/user-hub-access/requests', admin.token)).body as unknown as { id: string }[];
    expect(queue.map((r) => r.id)).toContain(`RP-01.${renter.id}`);

    expect((await call(apis.a, 'POST', `/api/user-hub-access/requests/RP-01.${renter.id}/approve`, admin.token)).body.status).toBe('granted');
    // On B, right after A answered: the detail, my-hubs, the check and the booking all see it.
    expect(await lockersOn(apis.b)).toBe(2);
    const mine = (await call(apis.b, 'GET', '/api/user-hub-access/my-hubs', renter.token)).body as unknown as { id: string }[];
    expect(mine.map((h) => h.id).sort()).toEqual(['RP-01', 'RP-02']);
    expect((await call(apis.b, 'GET', `/api/user-hub-access/check/${renter.id}/RP-01`, renter.token)).body.hasAccess).toBe(true);
    const booked = await call(apis.b, 'POST', '/api/reservations/by-size', renter.token, { hub_id: 'RP-01', size: 'P', ...windowFromNow(1, 3) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const revoked = await call(apis.b, 'DELETE', `/api/user-hub-access/${renter.id}/RP-01`, admin.token);
    expect(revoked.body.cancelledReservations).toEqual([booked.body.id]);
    expect(await lockersOn(apis.a)).toBe(0);
    const refused = await call(apis.a, 'POST', '/api/reservations/by-size', renter.token, { hub_id: 'RP-01', size: 'P', ...windowFromNow(1, 5) });
    expect(refused.body.error?.code).toBe('private_hub');
  });
});
