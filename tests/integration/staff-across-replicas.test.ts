// Issue 26 item 7: an assignment made through one API process takes effect through every API
// process at once (two real `start:api` processes and a projection process on one PostgreSQL and
// Redis): the operator's Hubs, queue, pickup codes and terminal on the other process follow on the
// very next request, and the operator's socket on the other process hears 'staff:changed'.
import { afterAll, describe, expect, it } from 'vitest';
import { socketListeners, until } from '../support/socket-listener.js';
import { registerHub } from '../support/test-app.js';
import { callApi as call, signInAs, useTwoApiProcesses } from '../support/two-api-processes.js';

const apis = useTwoApiProcesses('staff', async (store) => {
  await registerHub(store, 'RP-01', [{ size: 'P' }]);
});
const account = (role: 'admin' | 'logistics') => signInAs(apis, role, `Conta ${role}`);
const sockets = socketListeners(() => apis.b);
afterAll(() => sockets.closeAll());

const hubIds = (body: unknown) => (body as { id: string }[]).map((h) => h.id);

describe('staff assignments across API processes', () => {
  it('assigned on A, it counts on B at once (and its removal on B counts on A); B pushes to the operator', async () => {
    const admin = await account('admin');
    const operator = await account('logistics');
    const { heard } = await sockets.connect(operator.token);
    // B has answered for this operator before the change (nothing assigned).
    expect(hubIds((await call(apis.b, 'GET', '/api/logistics/hubs', operator.token)).body)).toEqual([]);

    const set = await call(apis.a, 'PUT', `/api/operators/${operator.id}/hubs`, admin.token, { hub_ids: ['RP-01'] });
    expect(set.status).toBe(200);
    expect(hubIds((await call(apis.b, 'GET', '/api/logistics/hubs', operator.token)).body)).toEqual(['RP-01']);
    expect((await call(apis.b, 'GET', '/api/logistics/hubs/RP-01', operator.token)).status).toBe(200);
    const press = await call(apis.b, 'POST', '/api/terminal/RP-01/press', operator.token, { code: '000000' });
    expect((press.body as { error?: { code: string } }).error?.code).not.toBe('forbidden');
    await until(() => heard.some((h) => h.event === 'staff:changed'), 10_000);
    expect(heard.find((h) => h.event === 'staff:changed')?.data).toEqual({ userId: operator.id, hubIds: ['RP-01'] });

    const removed = await call(apis.b, 'DELETE', `/api/hubs/RP-01/staff/${operator.id}`, admin.token);
    expect(removed.body).toEqual([]);
    expect(hubIds((await call(apis.a, 'GET', '/api/logistics/hubs', operator.token)).body)).toEqual([]);
    expect((await call(apis.a, 'GET', '/api/logistics/hubs/RP-01', operator.token)).status).toBe(403);
    expect((await call(apis.a, 'POST', '/api/otp/generate/RP-01', operator.token, {})).status).toBe(403);
  });
});
